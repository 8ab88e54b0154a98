import { describe, expect, it } from 'vitest';
import { breakdownEndDates, breakdownRows } from './breakdown';

describe('pay-period breakdown', () => {
  it.each([
    // [today, end dates asked for]
    ['2025-10-14', ['2025-07-31', '2025-08-31', '2025-09-30', '2025-10-31']],
    ['2025-08-01', ['2025-07-31', '2025-08-31']],
    ['2025-07-20', ['2025-07-31']],
    [
      '2026-08-10',
      [
        '2025-07-31',
        '2025-08-31',
        '2025-09-30',
        '2025-10-31',
        '2025-11-30',
        '2025-12-31',
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
      ],
    ],
  ])('on %s asks for %o', (today, dates) =>
    expect(breakdownEndDates('2025-08-01', '2026-06-30', today)).toEqual(dates),
  );

  it('gives each begun period its answer, the carried balance first, the current period marked', () => {
    const at = {
      '2025-07-31': { balance: 12, earned: 12, spent: 0 },
      '2025-08-31': { balance: 40, earned: 30, spent: 2 },
      '2025-09-30': { balance: 25, earned: 5, spent: 20 },
    };
    const { opening, rows } = breakdownRows('2025-08-01', '2026-06-30', '2025-09-14', at);
    expect(opening).toBe(12);
    expect(rows).toEqual([
      {
        label: 'August 2025',
        startDate: '2025-08-01',
        endDate: '2025-08-31',
        balance: 40,
        earned: 30,
        spent: 2,
        current: false,
      },
      {
        label: 'September 2025',
        startDate: '2025-09-01',
        endDate: '2025-09-30',
        balance: 25,
        earned: 5,
        spent: 20,
        current: true,
      },
    ]);
  });

  it('a missing answer reads as nothing', () => {
    expect(breakdownRows('2025-08-01', '2026-06-30', '2025-08-02', {})).toEqual({
      opening: 0,
      rows: [
        {
          label: 'August 2025',
          startDate: '2025-08-01',
          endDate: '2025-08-31',
          balance: 0,
          earned: 0,
          spent: 0,
          current: true,
        },
      ],
    });
  });
});
