import { describe, expect, it } from 'vitest';
import {
  confirmationName,
  confirmsErasure,
  EXPORT_FILES,
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
    const text = exportReadme('school', ['S1'], new Date('2026-11-25T00:00:00Z'));
    expect(text).toContain('S1');
    for (const f of EXPORT_FILES) {
      expect(text).toContain(f.file);
      for (const c of f.columns) expect(text).toContain(`  - ${c.name}: ${c.about}`);
    }
  });
});
