import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import {
  defaultGivingStart,
  schoolYearFor,
  todayIn,
  type Holiday,
  type SchoolCalendar,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { holidays, schoolYears } from '../../db/schema.js';

/** The global configuration entry naming the schools whose giving starts on 15 October (docs/decisions/041-giving-start-date.md). */
const LATE_GIVING_START_KEY = 'lateGivingStartSchools';

/** Codes from the entry: a JSON array in valueObject, or a comma-separated value. */
function lateStartCodes(
  entry: { value: string | null; value_object: unknown } | undefined,
): string[] {
  if (!entry) return [];
  if (Array.isArray(entry.value_object))
    return entry.value_object.filter((c): c is string => typeof c === 'string');
  return (entry.value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * The August-to-June year containing `on` for a school without a stored one: giving from 16
 * August, or from 15 October when the school's code is in the global lateGivingStartSchools entry.
 */
export async function defaultYearSpan(
  db: Queryable,
  schoolId: string,
  on: string,
): Promise<{ yearStart: string; yearEnd: string; givingStart: string }> {
  const span = schoolYearFor(on);
  const [row] = rowsOf<{ external_id: string; value: string | null; value_object: unknown }>(
    await db.execute(sql`
      select s.external_id, c.value, c.value_object from schools s
      left join configurations c on c.scope = 'global' and c.key = ${LATE_GIVING_START_KEY}
      where s.id = ${schoolId}`),
  );
  if (!row) return span;
  return {
    ...span,
    givingStart: defaultGivingStart(
      Number(span.yearStart.slice(0, 4)),
      row.external_id,
      lateStartCodes(row),
    ),
  };
}

type SchoolYearRow = typeof schoolYears.$inferSelect;

/**
 * The stored year in force on `on`. Years do not overlap, so the last year that started is the
 * one: it contains the date, or (between years, in summer) it has ended and giving reads "School
 * year has ended", until the next year is opened: then the next one is in force, its giving not
 * yet started (docs/decisions/085-opening-the-next-school-year.md).
 */
export async function yearInForce(
  db: Queryable,
  schoolId: string,
  on: string,
): Promise<SchoolYearRow | undefined> {
  const [latest] = await db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, schoolId), lte(schoolYears.startDate, on)))
    .orderBy(desc(schoolYears.startDate))
    .limit(1);
  if (latest && latest.endDate >= on) return latest;
  const [next] = await db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, schoolId), gt(schoolYears.startDate, on)))
    .orderBy(asc(schoolYears.startDate))
    .limit(1);
  return next && latest ? next : latest;
}

export interface LoadedCalendar extends SchoolCalendar {
  holidays: Set<string>;
  holidayList: Holiday[];
  today: string;
}

/** The school's year containing `date` (today by default) with its holidays. */
export async function loadCalendar(
  db: Queryable,
  school: { id: string; timeZone: string },
  date?: string,
): Promise<LoadedCalendar> {
  const today = todayIn(school.timeZone);
  const on = date ?? today;
  const latest = await yearInForce(db, school.id, on);
  // A school without a stored year for that date follows the August-to-June pattern.
  const span = latest
    ? { yearStart: latest.startDate, yearEnd: latest.endDate, givingStart: latest.givingStartDate }
    : await defaultYearSpan(db, school.id, on);
  const list = await db
    .select({ date: holidays.date, name: holidays.name })
    .from(holidays)
    .where(
      and(
        eq(holidays.schoolId, school.id),
        gte(holidays.date, span.yearStart),
        lte(holidays.date, span.yearEnd),
      ),
    )
    .orderBy(asc(holidays.date));
  return { ...span, holidays: new Set(list.map((h) => h.date)), holidayList: list, today };
}

/** Creates the year containing today for a new school (seed and tests). */
export async function createCurrentYear(
  db: Queryable,
  school: { id: string; timeZone: string },
  given?: { yearStart: string; yearEnd: string; givingStart: string },
) {
  const span = given ?? (await defaultYearSpan(db, school.id, todayIn(school.timeZone)));
  await db.insert(schoolYears).values({
    schoolId: school.id,
    startDate: span.yearStart,
    endDate: span.yearEnd,
    givingStartDate: span.givingStart,
  });
  return span;
}
