import { and, eq } from 'drizzle-orm';
import {
  isSchoolDay,
  msg,
  type CalendarView,
  type Holiday,
  type HolidayRemoved,
} from '@app/domain';
import type { Db } from '../../db/client.js';
import { holidays } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hasDailyRun, lockSchoolDay } from '../../ledger/daily-points.js';
import { loadCalendar } from './service.js';

/** The current school year as the /calendar page shows it. */
export async function calendarView(db: Db, user: AuthUser): Promise<CalendarView> {
  const cal = await loadCalendar(db, user.school);
  return {
    start: cal.yearStart,
    end: cal.yearEnd,
    givingStartDate: cal.givingStart,
    holidays: cal.holidayList,
    today: cal.today,
    schoolDays: isSchoolDay(cal, cal.today),
  };
}

/** Holidays belong to the current school year. */
async function dateInYear(db: Db, user: AuthUser, date: string) {
  const cal = await loadCalendar(db, user.school);
  if (date < cal.yearStart || date > cal.yearEnd)
    throw badRequest(msg('msg.dateOutsideYear', { start: cal.yearStart, end: cal.yearEnd }));
}

/**
 * Adds a holiday, or renames the one on that date (the (school, date) key makes a double add one row).
 * A day whose daily points were given stays a school day: the check and the insert hold the day's
 * lock that the daily run takes, so a run and a new holiday for the same day cannot both happen.
 */
export async function addHoliday(
  db: Db,
  user: AuthUser,
  date: string,
  name: string,
): Promise<Holiday> {
  await dateInYear(db, user, date);
  return db.transaction(async (tx) => {
    await lockSchoolDay(tx, user.schoolId, date);
    if (await hasDailyRun(tx, user.schoolId, date)) throw conflict(msg('msg.dailyPointsGiven'));
    const [row] = await tx
      .insert(holidays)
      .values({ schoolId: user.schoolId, date, name })
      .onConflictDoUpdate({ target: [holidays.schoolId, holidays.date], set: { name } })
      .returning({ date: holidays.date, name: holidays.name });
    return row!;
  });
}

export async function removeHoliday(db: Db, user: AuthUser, date: string): Promise<HolidayRemoved> {
  await dateInYear(db, user, date);
  const removed = await db
    .delete(holidays)
    .where(and(eq(holidays.schoolId, user.schoolId), eq(holidays.date, date)))
    .returning({ date: holidays.date });
  if (!removed.length) throw notFound(msg('msg.holidayNotFound'));
  return { date, deleted: true };
}
