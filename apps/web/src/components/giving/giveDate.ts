import { givingRefusal, lastSchoolDay, type SchoolCalendar } from '@app/domain';
import type { CalendarView } from '../../api';
import type { Translate } from '../../i18n/useT';

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

/**
 * Why points cannot be given on `date`, or null when they can, in the screens' language: the
 * domain's refusal is a catalogued message, written here by its key.
 * `longDate` writes the day giving starts.
 */
export function giveDateProblem(
  t: Translate,
  longDate: (date: string) => string,
  c: CalendarView,
  date: string,
): string | null {
  if (!date) return t('giving.chooseDate');
  const refusal = givingRefusal(schoolCalendar(c), date, c.today);
  if (refusal === null) return null;
  if (date > c.today) return t('giving.dateInFuture');
  if (refusal.key === 'msg.givingStartsOn')
    return t('msg.givingStartsOn', { date: longDate(c.givingStartDate) });
  return t(refusal.key);
}
