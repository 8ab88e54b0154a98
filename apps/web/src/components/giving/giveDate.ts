import { givingRefusal, lastSchoolDay, type SchoolCalendar } from '@app/domain';
import type { CalendarView } from '../../api';

/** GET calendar's answer in the shape of the domain's school-day rules. */
export const schoolCalendar = (c: CalendarView): SchoolCalendar => ({
  yearStart: c.start,
  yearEnd: c.end,
  givingStart: c.givingStartDate,
  holidays: c.holidays.map((h) => h.date),
});

/** The date a give defaults to: the latest school day up to today (today may be a weekend). */
export const defaultGiveDate = (c: CalendarView): string | null =>
  lastSchoolDay(schoolCalendar(c), c.today);

/** Why points cannot be given on `date`, or null when they can. */
export const giveDateProblem = (c: CalendarView, date: string): string | null =>
  date ? givingRefusal(schoolCalendar(c), date, c.today) : 'Choose a date';
