import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, clockNow, hourIn, isSchoolDay, lastSchoolDay, todayIn } from '@app/domain';
import type { Db, Queryable } from '../db/client.js';
import { absences, activities, dailyRuns, holidays, schools, users } from '../db/schema.js';
import { isStudentRow } from '../access/students.js';
import { dailyType, hasDailyRun, lockSchoolDay } from '../ledger/daily-points.js';
import { writeActivities, type NewActivity } from '../ledger/write.js';
import { pgArray } from '../lib/pg-array.js';
import { loadCalendar } from '../modules/calendar/service.js';

export const DAILY_POINTS_QUEUE = 'daily-points';
/** The school's day is over from this local hour; the hourly job gives that day's points from then on. */
const DAY_ENDS_AT_HOUR = 16;

export type DailyRunResult =
  | { given: true; date: string; studentsAttendance: number; studentsBehavior: number }
  | { given: false; date: string; reason: 'not a school day' | 'already given' };

/**
 * Gives one school day's Daily Attendance points to every student without an absence and Daily
 * Behavior points to every student without a flag, once per (school, date): the daily_runs row is
 * claimed in the same transaction as the writes, so concurrent runs give once.
 */
export async function runDailyPoints(
  db: Db,
  schoolId: string,
  date: string,
): Promise<DailyRunResult> {
  const [school] = await db
    .select({ id: schools.id, timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw new Error(`No school ${schoolId}`);
  const calendar = await loadCalendar(db, school, date);
  // Points flow only from the day giving starts, as for bonuses and flags.
  if (!isSchoolDay(calendar, date) || date < calendar.givingStart)
    return { given: false, date, reason: 'not a school day' };

  return db.transaction(async (tx) => {
    await lockSchoolDay(tx, schoolId, date);
    // Read again under the day's lock: a holiday added since the calendar was loaded wins.
    const [holiday] = await tx
      .select({ date: holidays.date })
      .from(holidays)
      .where(and(eq(holidays.schoolId, schoolId), eq(holidays.date, date)));
    if (holiday) return { given: false as const, date, reason: 'not a school day' as const };
    const [result] = await giveDayPoints(tx, schoolId, [date]);
    return result!;
  });
}

/**
 * The daily run's writes for school days, in the caller's transaction (which holds the day's
 * lock, or is the demo's seed, writing its month of history at once): claims each day's
 * daily_runs row, then gives Daily Attendance to every student without an absence and Daily
 * Behavior to every student without a flag on each day claimed, in one write per category.
 */
export async function giveDayPoints(
  tx: Queryable,
  schoolId: string,
  dates: readonly string[],
): Promise<DailyRunResult[]> {
  if (!dates.length) return [];
  const claimed = new Set(
    (
      await tx
        .insert(dailyRuns)
        .values(dates.map((date) => ({ schoolId, date })))
        .onConflictDoNothing()
        .returning({ date: dailyRuns.date })
    ).map((r) => r.date),
  );
  const days = dates.filter((d) => claimed.has(d));
  const given = new Map<string, { attendance: number; behavior: number }>();
  if (days.length) {
    const attendance = await dailyType(tx, schoolId, 'Daily Attendance');
    const behavior = await dailyType(tx, schoolId, 'Daily Behavior');
    const students = await tx
      .select({
        id: users.id,
        // The day they left in the school's time zone: none of the days from then on
        // (docs/decisions/128-leavers-are-archived.md).
        leftOn: sql<
          string | null
        >`(${users.leftAt} at time zone (select s.time_zone from ${schools} s where s.id = ${users.schoolId}))::date::text`,
      })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), isStudentRow));
    const absent = new Set(
      (
        await tx
          .select({ id: absences.studentId, date: absences.date })
          .from(absences)
          .where(and(eq(absences.schoolId, schoolId), inArray(absences.date, days)))
      ).map((r) => `${r.date}|${r.id}`),
    );
    const flagged = new Set(
      (
        await tx
          .selectDistinct({ id: activities.studentId, date: activities.date })
          .from(activities)
          .where(
            and(
              eq(activities.schoolId, schoolId),
              inArray(activities.date, days),
              eq(activities.category, 'Flags'),
            ),
          )
      ).map((r) => `${r.date}|${r.id}`),
    );
    const present: NewActivity[] = [];
    const wellBehaved: NewActivity[] = [];
    for (const date of days) {
      const counts = { attendance: 0, behavior: 0 };
      for (const s of students) {
        if (s.leftOn !== null && s.leftOn <= date) continue;
        if (attendance && !absent.has(`${date}|${s.id}`)) {
          present.push({ studentId: s.id, type: attendance, points: attendance.points, date });
          counts.attendance++;
        }
        if (behavior && !flagged.has(`${date}|${s.id}`)) {
          wellBehaved.push({ studentId: s.id, type: behavior, points: behavior.points, date });
          counts.behavior++;
        }
      }
      given.set(date, counts);
    }
    const meta = { date: days[0]!, comment: '', periodId: null, groupId: null, givenBy: null };
    if (present.length) await writeActivities(tx, schoolId, present, meta);
    if (wellBehaved.length) await writeActivities(tx, schoolId, wellBehaved, meta);
    await tx.execute(sql`
      update daily_runs r set students_attendance = t.a, students_behavior = t.b
      from unnest(${pgArray(days, 'date')}, ${pgArray(
        days.map((d) => given.get(d)!.attendance),
        'int',
      )}, ${pgArray(
        days.map((d) => given.get(d)!.behavior),
        'int',
      )}) as t(d, a, b)
      where r.school_id = ${schoolId} and r.date = t.d`);
  }
  return dates.map((date) => {
    const g = given.get(date);
    return g
      ? { given: true, date, studentsAttendance: g.attendance, studentsBehavior: g.behavior }
      : { given: false, date, reason: 'already given' };
  });
}

/**
 * The hourly job: for each school, today's points once the school's day has ended (local hour at
 * least DAY_ENDS_AT_HOUR), and the previous school day's if it was missed (the server was down).
 */
export async function runDailyPointsForAllSchools(
  db: Db,
  now: Date = clockNow(),
  log: { error: (o: object, m: string) => void } = { error: () => {} },
): Promise<DailyRunResult[]> {
  const all = await db
    .select({ id: schools.id, timeZone: schools.timeZone })
    .from(schools)
    .orderBy(asc(schools.id));
  const results: DailyRunResult[] = [];
  for (const school of all) {
    try {
      const today = todayIn(school.timeZone, now);
      const yesterday = addDays(today, -1);
      const previous = lastSchoolDay(await loadCalendar(db, school, yesterday), yesterday);
      if (previous && !(await hasDailyRun(db, school.id, previous)))
        results.push(await runDailyPoints(db, school.id, previous));
      if (hourIn(school.timeZone, now) >= DAY_ENDS_AT_HOUR)
        results.push(await runDailyPoints(db, school.id, today));
    } catch (err) {
      log.error({ err, schoolId: school.id }, 'daily points failed');
    }
  }
  return results;
}
