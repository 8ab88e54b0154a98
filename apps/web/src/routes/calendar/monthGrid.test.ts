import { describe, expect, it } from 'vitest';
import { monthGrid, shiftMonth, yearMonths } from './monthGrid';

describe('monthGrid', () => {
  it('starts on Sunday and pads both ends', () => {
    const weeks = monthGrid('2025-10'); // October 1, 2025 is a Wednesday
    expect(weeks[0]).toEqual([
      null,
      null,
      null,
      '2025-10-01',
      '2025-10-02',
      '2025-10-03',
      '2025-10-04',
    ]);
    expect(weeks.at(-1)).toEqual([
      '2025-10-26',
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
      null,
    ]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
  it('knows February has 28 days in 2026', () => {
    expect(monthGrid('2026-02').flat().filter(Boolean)).toHaveLength(28);
  });
});

describe('months', () => {
  it('shifts across years', () => {
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
  it('lists the school year August to June', () => {
    const months = yearMonths('2025-08-01', '2026-06-30');
    expect(months[0]).toBe('2025-08');
    expect(months.at(-1)).toBe('2026-06');
    expect(months).toHaveLength(11);
  });
});
