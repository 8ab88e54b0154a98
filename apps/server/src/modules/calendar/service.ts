import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { schoolYearFor, todayIn, type Holiday, type SchoolCalendar } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { holidays, schoolYears } from '../../db/schema.js';

export interface LoadedCalendar extends SchoolCalendar {
  holidays: Set<string>;
  holidayList: Holiday[];
  today: string;
}

/** The school's year containing `date` (today by default) with its holidays. */
export async function loadCalendar(db: Queryable, school: { id: string; timeZone: string }, date?: string): Promise<LoadedCalendar> {
  const today = todayIn(school.timeZone);
  const on = date ?? today;
  // Years do not overlap, so the last year that started is the one in force: it contains the date,
  // or (between years, in summer) it has ended and giving reads "School year has ended".
  const [latest] = await db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, school.id), lte(schoolYears.startDate, on)))
    .orderBy(desc(schoolYears.startDate))
    .limit(1);
  // A school without a stored year for that date follows the August-to-June pattern.
  const span = latest
    ? { yearStart: latest.startDate, yearEnd: latest.endDate, givingStart: latest.givingStartDate }
    : schoolYearFor(on);
  const list = await db
    .select({ date: holidays.date, name: holidays.name })
    .from(holidays)
    .where(and(eq(holidays.schoolId, school.id), gte(holidays.date, span.yearStart), lte(holidays.date, span.yearEnd)))
    .orderBy(asc(holidays.date));
  return { ...span, holidays: new Set(list.map((h) => h.date)), holidayList: list, today };
}

/** Creates the year containing today for a new school (seed and tests). */
export async function createCurrentYear(
  db: Queryable,
  school: { id: string; timeZone: string },
  span: { yearStart: string; yearEnd: string; givingStart: string } = schoolYearFor(todayIn(school.timeZone)),
) {
  await db.insert(schoolYears).values({
    schoolId: school.id,
    startDate: span.yearStart,
    endDate: span.yearEnd,
    givingStartDate: span.givingStart,
  });
  return span;
}
