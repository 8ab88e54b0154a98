import { describe, expect, it } from 'vitest';
import type { CalendarView } from '../../api';
import { defaultGiveDate, giveDateProblem } from './giveDate';

const cal = (today: string, holidays: string[] = []): CalendarView => ({
  start: '2025-08-01',
  end: '2026-06-30',
  givingStartDate: '2025-08-16',
  holidays: holidays.map((date) => ({ date, name: 'Holiday' })),
  today,
  schoolDays: true,
});

describe('defaultGiveDate', () => {
  it('is today on a school day', () => {
    expect(defaultGiveDate(cal('2025-10-15'))).toBe('2025-10-15'); // a Wednesday
  });
  it('is the Friday before on a weekend', () => {
    expect(defaultGiveDate(cal('2025-10-19'))).toBe('2025-10-17'); // Sunday → Friday
  });
  it('skips holidays', () => {
    expect(defaultGiveDate(cal('2025-10-20', ['2025-10-20', '2025-10-17']))).toBe('2025-10-16');
  });
});

describe('giveDateProblem', () => {
  it('accepts a school day and names what is wrong with others', () => {
    expect(giveDateProblem(cal('2025-10-15'), '2025-10-14')).toBeNull();
    expect(giveDateProblem(cal('2025-10-15'), '2025-10-18')).toBe('date cannot be in the future');
    expect(giveDateProblem(cal('2025-10-20'), '2025-10-18')).toBe('Not allowed on weekends');
    expect(giveDateProblem(cal('2025-10-20', ['2025-10-17']), '2025-10-17')).toBe(
      'Not allowed on holidays',
    );
    expect(giveDateProblem(cal('2025-10-20'), '')).toBe('Choose a date');
  });
});
