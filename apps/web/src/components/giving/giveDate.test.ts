import { describe, expect, it } from 'vitest';
import type { CalendarView } from '../../api';
import { t as translate } from '@app/domain/i18n';
import type { Translate } from '../../i18n/useT';
import { defaultGiveDate, giveDateProblem as problemIn } from './giveDate';

const en: Translate = (key, values) => translate('en', key, values as Record<string, string>);
const giveDateProblem = (c: CalendarView, date: string) => problemIn(en, (d) => d, c, date);

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
    expect(giveDateProblem(cal('2025-08-20'), '2025-08-14')).toBe(
      'Unable to send bonus/flag. You may start giving bonuses and flags on 2025-08-16.',
    );
  });
});
