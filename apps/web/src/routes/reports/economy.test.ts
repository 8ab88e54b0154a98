import { describe, expect, it } from 'vitest';
import { monthText, type EconomyAnswer, type Language, type MessageKey } from '@app/domain';
import { t as translate } from '@app/domain/i18n';
import { economyColumns, readingOf } from './economy';

const words = (lang: Language) => ({
  t: (key: MessageKey, values?: Record<string, string | number | Date | null | undefined>) =>
    translate(lang, key, {
      currency: lang === 'es' ? 'Méritos' : 'Merits',
      ...(values as Record<string, string | number>),
    }),
  month: (m: string) => monthText(lang, m),
  f: {
    number: (n: number) => new Intl.NumberFormat(lang).format(n),
    mediumDate: (d: string) => d,
  },
});

const week: EconomyAnswer['weeks'][number] = {
  weekStart: '2026-10-05',
  issued: 4239,
  issuedByKind: { bonuses: 2039, custom: 0, daily: 2200, payDay: 0 },
  spent: 175,
  refunded: 0,
  yearEnd: 0,
  outstanding: 14664,
};

describe('readingOf', () => {
  it('writes the reading in the language, its month by name', () => {
    const reading = {
      key: 'reports.economy.reading.cheaper',
      values: { percent: 40, month: '2026-11' },
    };
    expect(readingOf(words('en') as never, reading)).toBe(
      "Merits issued rose 40% in November 2026 while the store's prices did not: items are getting cheaper in weeks of earning.",
    );
    expect(readingOf(words('es') as never, reading)).toContain('noviembre de 2026');
  });
  it('writes the price index reading with its number', () => {
    const reading = { key: 'reports.economy.reading.index', values: { weeks: 3.2 } };
    expect(readingOf(words('en') as never, reading)).toBe(
      'A typical item costs 3.2 weeks of earning.',
    );
  });
  it('is null without a reading, or with one this screen does not know', () => {
    expect(readingOf(words('en') as never, null)).toBeNull();
    expect(readingOf(words('en') as never, { key: 'msg.other', values: {} })).toBeNull();
  });
});

describe('economyColumns', () => {
  it('has every figure for the school, the store’s half for a store manager', () => {
    const en = words('en') as never;
    expect(economyColumns(en, 'school').map((c) => c.key)).toEqual([
      'week',
      'issued',
      'bonuses',
      'daily',
      'custom',
      'payDay',
      'spent',
      'refunded',
      'yearEnd',
      'outstanding',
    ]);
    expect(economyColumns(en, 'store').map((c) => c.key)).toEqual(['week', 'spent', 'refunded']);
  });
  it('names the currency in its headings and leaves the store half’s missing figures empty', () => {
    const columns = economyColumns(words('en') as never, 'school');
    expect(columns.find((c) => c.key === 'issued')?.label).toBe('Merits issued');
    const outstanding = columns.find((c) => c.key === 'outstanding')!;
    expect(outstanding.render?.(week)).toBe('14,664');
    expect(outstanding.render?.({ ...week, outstanding: null })).toBe('');
  });
});
