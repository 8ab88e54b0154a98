import { describe, expect, it } from 'vitest';
import type { EquityAnswer, Language, MessageKey } from '@app/domain';
import { t as translate } from '@app/domain/i18n';
import { concernLines, groupName, riskChartData } from './fairness';

const words = (lang: Language) => (key: MessageKey, values?: Record<string, string | number>) =>
  translate(lang, key, values);
const en = words('en');

type Row = EquityAnswer['groups'][number];
const row = (group: string, bonus: number | null, flag: number | null): Row => ({
  group,
  students: 20,
  recognizedShare: 0.9,
  bonusesPerStudent: 3,
  flagsPerStudent: 1,
  bonusRiskRatio: bonus,
  flagRiskRatio: flag,
  suppressed: false,
});
const hidden = (group: string): Row => ({
  group,
  students: null,
  recognizedShare: null,
  bonusesPerStudent: null,
  flagsPerStudent: null,
  bonusRiskRatio: null,
  flagRiskRatio: null,
  suppressed: true,
});

describe('groupName', () => {
  it('names each breakdown’s groups from the catalogue, in both languages', () => {
    expect(groupName(en, 'race', 'asian')).toBe('Asian');
    expect(groupName(en, 'ethnicity', 'hispanicOrLatino')).toBe('Hispanic or Latino');
    expect(groupName(en, 'ell', 'unknown')).toBe('Not known');
    expect(groupName(words('es'), 'sex', 'female')).toBe('Femenino');
  });
  it('names grades by their ordinal, and no grade as such', () => {
    expect(groupName(en, 'grade', '7')).toBe('7th Grade');
    expect(groupName(en, 'grade', 'none')).toBe('No grade');
  });
});

describe('riskChartData', () => {
  it('draws the groups shown only, by name', () => {
    expect(
      riskChartData([row('asian', 1.1, 0.8), hidden('white')], (g) => g.toUpperCase()),
    ).toEqual([{ group: 'ASIAN', bonus: 1.1, flag: 0.8 }]);
  });
});

describe('concernLines', () => {
  const list = (xs: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(xs);
  const name = (g: string) => groupName(en, 'race', g);
  it('names the groups flagged over 1.5 times or recognised under 0.67 times as often', () => {
    const lines = concernLines(
      [row('asian', 0.6, 1.6), row('white', 1, 1.7), row('blackOrAfricanAmerican', 1, 1.5)],
      name,
      list,
    );
    expect(lines.map((l) => en(l.key, l.values))).toEqual([
      'Flagged more than 1.5 times as often as other students: Asian and White.',
      'Recognised less than 0.67 times as often as other students: Asian.',
    ]);
  });
  it('says so when no group is, suppressed groups included', () => {
    expect(concernLines([row('asian', 1, 1), hidden('white')], name, list)).toEqual([
      { key: 'reports.fairness.noConcern' },
    ]);
  });
});
