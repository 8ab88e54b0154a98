import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
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
  const [row] = await db
    .select()
    .from(schoolYears)
    .where(
      and(eq(schoolYears.schoolId, schoolId), eq(schoolYears.id, yearInForceIdSql(schoolId, on))),
    );
  return row;
}

/**
 * yearInForce's rule as a subquery answering the year's id (null when none), for statements that
 * need the year inline (a purchase's one read): the one place the rule is written. The latest year
 * started by `on` while it lasts; once it has ended, the earliest year opened after it, if any.
 */
export const yearInForceIdSql = (schoolId: string | SQL, on: string | SQL) => sql`(
  select y.id from (
    select c.*, count(*) filter (where c.started) over () as started_years from (
      (select s.id, s.end_date, true as started from school_years s
        where s.school_id = ${schoolId} and s.start_date <= ${on}::date order by s.start_date desc limit 1)
      union all
      (select s.id, s.end_date, false as started from school_years s
        where s.school_id = ${schoolId} and s.start_date > ${on}::date order by s.start_date limit 1)
    ) c
  ) y
  where y.started or y.started_years > 0
  order by case when y.started and y.end_date >= ${on}::date then 0 when not y.started then 1 else 2 end
  limit 1)`;

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
