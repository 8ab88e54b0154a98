import { describe, expect, it } from 'vitest';
import {
  confirmationName,
  confirmsErasure,
  EXPORT_FILES,
  exportFilesFor,
  exportHeader,
  exportReadme,
  exportRow,
} from '../src/index.js';

describe('erasing a student: the typed confirmation', () => {
  it('is the full name, whatever the case and spacing', () => {
    expect(confirmationName(' Maria ', 'de la  Cruz')).toBe('Maria de la Cruz');
    expect(confirmsErasure('  maria DE LA cruz ', 'Maria', 'de la Cruz')).toBe(true);
  });

  it('refuses a part of the name, another name or nothing', () => {
    expect(confirmsErasure('Maria', 'Maria', 'Lopez')).toBe(false);
    expect(confirmsErasure('Lopez Maria', 'Maria', 'Lopez')).toBe(false);
    expect(confirmsErasure('', 'Maria', 'Lopez')).toBe(false);
  });
});

describe('the files of a data export', () => {
  it('have unique names, unique columns, and every row begins with its school', () => {
    expect(new Set(EXPORT_FILES.map((f) => f.file)).size).toBe(EXPORT_FILES.length);
    for (const f of EXPORT_FILES) {
      const names = f.columns.map((c) => c.name);
      expect(new Set(names).size, f.file).toBe(names.length);
      expect(names[0], f.file).toBe('school_code');
    }
  });

  it('writes rows by column name, quoting and defusing cells; missing values are empty', () => {
    const f = EXPORT_FILES.find((x) => x.file === 'houses.csv')!;
    expect(exportHeader(f)).toBe('school_code,name,color,display_name\r\n');
    expect(exportRow(f, { school_code: 'S1', name: 'Red, "Blue"', color: null })).toBe(
      'S1,"Red, ""Blue""",,\r\n',
    );
    expect(exportRow(f, { school_code: 'S1', name: '=HYPERLINK()', color: '#fff' })).toBe(
      "S1,'=HYPERLINK(),#fff,\r\n",
    );
    expect(exportRow(f, { school_code: 'S1', name: -3 })).toBe('S1,-3,,\r\n');
  });

  it('the README names every file and column', () => {
    const text = exportReadme('school', ['S1'], new Date('2026-11-25T00:00:00Z'), EXPORT_FILES);
    expect(text).toContain('S1');
    for (const f of EXPORT_FILES) {
      expect(text).toContain(f.file);
      for (const c of f.columns) expect(text).toContain(`  - ${c.name}: ${c.about}`);
    }
  });

  it('demographics are their own file, marked sensitive, and only for who may read them', () => {
    const demographics = EXPORT_FILES.find((f) => f.file === 'demographics.csv')!;
    expect(demographics.sensitive).toEqual({ what: 'demographics', action: 'reports:equity' });
    expect(EXPORT_FILES.filter((f) => f.sensitive).map((f) => f.file)).toEqual([
      'demographics.csv',
    ]);
    // A column per field of the domain's demographics, none missing.
    expect(demographics.columns.map((c) => c.name)).toEqual([
      'school_code',
      'student_id',
      'sex',
      'american_indian_or_alaska_native',
      'asian',
      'black_or_african_american',
      'native_hawaiian_or_other_pacific_islander',
      'white',
      'demographic_race_two_or_more_races',
      'hispanic_or_latino_ethnicity',
      'english_learner',
      'special_education',
      'section_504',
      'free_reduced_lunch',
      'updated_at',
    ]);
    const at = new Date('2026-11-25T00:00:00Z');
    const all = exportFilesFor((a) => a === 'reports:equity');
    expect(all).toEqual(EXPORT_FILES);
    // The file, what it is, then the mark, before its columns.
    expect(exportReadme('school', ['S1'], at, all)).toMatch(
      /demographics\.csv\r\n {2}Students' demographics[^\r]*\r\n {2}sensitive: demographics, read only with reports:equity\r\n {2}- school_code: /,
    );
    const without = exportFilesFor(() => false);
    expect(without.map((f) => f.file)).not.toContain('demographics.csv');
    expect(without).toHaveLength(EXPORT_FILES.length - 1);
    const readme = exportReadme('school', ['S1'], at, without);
    expect(readme).not.toContain('demographics');
    expect(readme).not.toContain('sensitive');
  });
});
