import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  attendanceLabel,
  periodLabel,
  gradeOrNone,
  houseLabel,
  houseOrNone,
  splitByMonths,
  trendGranularity,
  type ClassReport,
  type ClassSumsRow,
  type MyClassesReport,
  type ReportFilters,
  type SchoolDashboardReport,
  type SchoolStudentsReport,
  type StudentReport,
  type StudentSumsRow,
  type TeacherGivingReport,
  type TeacherUsageReport,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { activities, configurations, NO_PERIOD } from '../../db/schema.js';
import { STORE_CATEGORY } from '../../ledger/orders.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { holdsAnyOf, requireScope, rolesThatMay } from '../../access/permission.js';
import { periodFor, taughtPeriodsSql } from '../../access/periods.js';
import { isStudentSql, studentFor } from '../../access/students.js';
import { appliedRange, thisWeekStart, type AppliedRange } from './range.js';

/**
 * The reports, read from the rollups (daily and monthly_rollup per student, giver_rollup per giver,
 * giver_student_monthly per giver, student and class; docs/decisions/043-reports-read-rollups.md), never by scanning the
 * activities. Routes stay thin; scope checks happen here.
 */

const n = (v: unknown) => Number(v ?? 0);

/** Which students a report covers: the school's, narrowed by period, house and grade filters. */
function studentWhere(user: AuthUser, f: ReportFilters, periodIds?: SQL): SQL {
  const parts: SQL[] = [sql`u.school_id = ${user.schoolId}`, isStudentSql(sql`u.roles`)];
  if (f.house) parts.push(sql`u.house = ${f.house}`);
  if (f.gradeLevel) parts.push(sql`ltrim(u.grade_level, '0') = ltrim(${f.gradeLevel}, '0')`);
  if (periodIds)
    parts.push(
      sql`u.id in (select ps.student_id from period_students ps where ps.school_id = ${user.schoolId} and ps.period_id in (${periodIds}))`,
    );
  return sql.join(parts, sql` and `);
}

/** The students of these periods (a list of uuids as SQL): narrows a rollup read to a class's students. */
const periodStudents = (user: AuthUser, periodIds: SQL) =>
  sql`select ps.student_id from period_students ps where ps.school_id = ${user.schoolId} and ps.period_id in (${periodIds})`;

/** Rollup rows in the range, in the filter's category (spending, category Store, always counts). */
function rollupWhere(user: AuthUser, f: ReportFilters, r: AppliedRange): SQL {
  const cat = f.category
    ? sql` and (d.category = ${f.category} or d.category = ${STORE_CATEGORY})`
    : sql``;
  return sql`d.school_id = ${user.schoolId} and d.date between ${r.startDate}::date and ${r.endDate}::date${cat}`;
}

/**
 * The rollup rows of the range as one source `d` (student_id, category, earned, spent, count):
 * whole months from the monthly rollup, the days around them from the daily one.
 */
function rollupSource(
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  withMonth = false,
  students?: SQL,
): SQL {
  const split = splitByMonths(r.startDate, r.endDate);
  const cat = (alias: string) =>
    sql`${f.category ? sql` and (${sql.raw(alias)}.category = ${f.category} or ${sql.raw(alias)}.category = ${STORE_CATEGORY})` : sql``}${
      students ? sql` and ${sql.raw(alias)}.student_id in (${students})` : sql``
    }`;
  const parts: SQL[] = [];
  if (split.months)
    parts.push(sql`select m.student_id, m.category, m.earned, m.spent, m.count${withMonth ? sql`, m.month` : sql``} from monthly_rollup m
      where m.school_id = ${user.schoolId} and m.month between ${split.months.from}::date and ${split.months.to}::date${cat('m')}`);
  for (const d of split.days)
    parts.push(sql`select x.student_id, x.category, x.earned, x.spent, x.count${withMonth ? sql`, date_trunc('month', x.date)::date as month` : sql``} from daily_rollup x
      where x.school_id = ${user.schoolId} and x.date between ${d.from}::date and ${d.to}::date${cat('x')}`);
  return sql`(${sql.join(parts, sql` union all `)}) d`;
}

const SUMS = sql`
  coalesce(sum(d.earned) filter (where d.category <> ${STORE_CATEGORY}), 0) as earned,
  coalesce(sum(d.earned) filter (where d.category = 'Bonuses'), 0) as bonuses,
  coalesce(sum(d.count) filter (where d.category = 'Bonuses'), 0) as bonus_count,
  coalesce(sum(d.earned) filter (where d.category = 'Flags'), 0) as flags,
  coalesce(sum(d.count) filter (where d.category = 'Flags'), 0) as flag_count,
  coalesce(sum(d.spent) filter (where d.category = ${STORE_CATEGORY}), 0) as spent,
  coalesce(sum(d.count) filter (where d.category = ${STORE_CATEGORY}), 0) as orders`;

type SumsRaw = Record<
  'earned' | 'bonuses' | 'bonus_count' | 'flags' | 'flag_count' | 'spent' | 'orders',
  unknown
>;
type StudentRaw = SumsRaw & {
  id: string;
  first_name: string;
  last_name: string;
  grade_level: string | null;
  house: string | null;
  balance: unknown;
};

const toStudentRow = (r: StudentRaw): StudentSumsRow => ({
  studentId: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  gradeLevel: r.grade_level,
  house: r.house,
  houseName: r.house ? houseLabel(r.house) : null,
  earned: n(r.earned),
  bonuses: n(r.bonuses),
  bonusCount: n(r.bonus_count),
  flags: n(r.flags),
  flagCount: n(r.flag_count),
  spent: n(r.spent),
  balance: n(r.balance),
});

/** Each student's sums over the range: one aggregate of the rollup joined to the students. */
async function studentSums(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  periodIds?: SQL,
): Promise<StudentSumsRow[]> {
  const res = await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.grade_level, u.house, coalesce(w.balance, 0) as balance,
           coalesce(s.earned, 0) as earned, coalesce(s.bonuses, 0) as bonuses, coalesce(s.bonus_count, 0) as bonus_count,
           coalesce(s.flags, 0) as flags, coalesce(s.flag_count, 0) as flag_count, coalesce(s.spent, 0) as spent
    from users u
    left join (select d.student_id, ${SUMS} from ${rollupSource(user, f, r, false, periodIds && periodStudents(user, periodIds))} group by d.student_id) s on s.student_id = u.id
    left join wallets w on w.school_id = u.school_id and w.student_id = u.id
    where ${studentWhere(user, f, periodIds)}
    order by u.last_name, u.first_name, u.id`);
  return rowsOf<StudentRaw>(res).map(toStudentRow);
}

/** Each period's students with their sums: one aggregate over those students, a row per period and student. */
async function periodsStudentSums(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  periodIds: SQL,
): Promise<(StudentSumsRow & { periodId: string })[]> {
  const res = await db.execute(sql`
    select ps.period_id, u.id, u.first_name, u.last_name, u.grade_level, u.house, coalesce(w.balance, 0) as balance,
           coalesce(s.earned, 0) as earned, coalesce(s.bonuses, 0) as bonuses, coalesce(s.bonus_count, 0) as bonus_count,
           coalesce(s.flags, 0) as flags, coalesce(s.flag_count, 0) as flag_count, coalesce(s.spent, 0) as spent
    from period_students ps
    join users u on u.school_id = ps.school_id and u.id = ps.student_id
    left join (select d.student_id, ${SUMS} from ${rollupSource(user, f, r, false, periodStudents(user, periodIds))} group by d.student_id) s on s.student_id = u.id
    left join wallets w on w.school_id = u.school_id and w.student_id = u.id
    where ps.school_id = ${user.schoolId} and ps.period_id in (${periodIds}) and ${studentWhere(user, f)}
    order by u.last_name, u.first_name, u.id`);
  return rowsOf<StudentRaw & { period_id: string }>(res).map((x) => ({
    ...toStudentRow(x),
    periodId: x.period_id,
  }));
}

/** The covered students' sums by day, or by month over long ranges (the trend chart, store sales). */
async function trend(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  periodIds?: SQL,
) {
  const by = trendGranularity(r.startDate, r.endDate);
  const narrowed = f.house || f.gradeLevel || periodIds;
  const students = narrowed
    ? sql` and d.student_id in (select u.id from users u where ${studentWhere(user, f, periodIds)})`
    : sql``;
  const res = await db.execute(
    by === 'day'
      ? sql`select d.date::text as date, ${SUMS} from daily_rollup d where ${rollupWhere(user, f, r)}${students} group by d.date order by d.date`
      : sql`select d.month::text as date, ${SUMS} from ${rollupSource(user, f, r, true)} where true${students} group by d.month order by d.month`,
  );
  const points = rowsOf<SumsRaw & { date: string }>(res).map((x) => ({
    date: x.date,
    earned: n(x.earned),
    bonuses: n(x.bonuses),
    flags: n(x.flags),
    flagCount: n(x.flag_count),
    spent: n(x.spent),
    orders: n(x.orders),
  }));
  return { by, points };
}

const trendPoints = (t: Awaited<ReturnType<typeof trend>>) =>
  t.points.map(({ date, earned, bonuses, flags, spent }) => ({
    date,
    earned,
    bonuses,
    flags,
    spent,
  }));

const periodIdSql = (id: string) => sql`${id}::uuid`;

/** "2nd Period (Math)", or "2nd Period" when the class has no name. */
const classLabel = (periodNumber: number, name: string | null) =>
  name ? `${periodLabel(periodNumber)} (${name})` : periodLabel(periodNumber);

/**
 * What one giver gave, or what was given in some periods, over the range as one source `g`
 * (student_id, period_id, category, points, count): whole months from giver_student_monthly, the
 * days around them from the activities by their giver or period index (a daily rollup per giver
 * and student would be as large as the ledger itself; docs/decisions/043-reports-read-rollups.md).
 */
function givenSource(
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  by: { giverId: string } | { periodIds: SQL },
): SQL {
  const split = splitByMonths(r.startDate, r.endDate);
  const cat = (alias: string) =>
    f.category ? sql` and ${sql.raw(alias)}.category = ${f.category}` : sql``;
  const monthlyWho =
    'giverId' in by ? sql`m.giver_id = ${by.giverId}::uuid` : sql`m.period_id in (${by.periodIds})`;
  const ledgerWho =
    'giverId' in by
      ? sql`a.given_by = ${by.giverId}::uuid`
      : sql`a.internal_period_id in (${by.periodIds}) and a.given_by is not null`;
  const parts: SQL[] = [];
  if (split.months)
    parts.push(sql`select m.student_id, m.period_id, m.category, m.points, m.count from giver_student_monthly m
      where m.school_id = ${user.schoolId} and ${monthlyWho} and m.month between ${split.months.from}::date and ${split.months.to}::date${cat('m')}`);
  for (const d of split.days)
    parts.push(sql`select a.student_id, coalesce(a.internal_period_id, ${NO_PERIOD}::uuid) as period_id, a.category, a.points::bigint as points, 1 as count from activities a
      where a.school_id = ${user.schoolId} and ${ledgerWho} and a.date between ${d.from}::date and ${d.to}::date${cat('a')}`);
  return sql`(${sql.join(parts, sql` union all `)}) g`;
}

/** Each period's students: their school-wide sums beside what was given in the class (by any giver, from its roster screen). */
async function classSums(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
  r: AppliedRange,
  periodIds: readonly string[],
): Promise<(ClassSumsRow & { periodId: string })[]> {
  if (!periodIds.length) return [];
  const ids = sql.join(periodIds.map(periodIdSql), sql`, `);
  const rows = await periodsStudentSums(db, user, f, r, ids);
  const given = rowsOf<{
    period_id: string;
    student_id: string;
    bonuses: unknown;
    bonus_count: unknown;
    flags: unknown;
    flag_count: unknown;
  }>(
    await db.execute(sql`
      select g.period_id, g.student_id,
        coalesce(sum(g.points) filter (where g.category = 'Bonuses'), 0) as bonuses, coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as bonus_count,
        coalesce(sum(g.points) filter (where g.category = 'Flags'), 0) as flags, coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as flag_count
      from ${givenSource(user, f, r, { periodIds: ids })}
      group by g.period_id, g.student_id`),
  );
  const byKey = new Map(given.map((x) => [`${x.period_id}|${x.student_id}`, x]));
  return rows.map((row) => {
    const g = byKey.get(`${row.periodId}|${row.studentId}`);
    return {
      ...row,
      classBonuses: n(g?.bonuses),
      classBonusCount: n(g?.bonus_count),
      classFlags: n(g?.flags),
      classFlagCount: n(g?.flag_count),
    };
  });
}

/** My classes: each of the teacher's periods with its students' sums. */
export async function myClassesReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<MyClassesReport> {
  requireScope(user, 'reports:myClasses');
  const r = await appliedRange(db, user, f);
  const periods = rowsOf<{ id: string; period_number: number; name: string }>(
    await db.execute(
      sql`select id, period_number, name from periods where school_id = ${user.schoolId} and id in (${taughtPeriodsSql(user)}) order by period_number, name, id`,
    ),
  ).filter((p) => !f.periodId || p.id === f.periodId);
  // Three queries whatever the number of periods: the periods, their students' sums, what was given in them.
  const sums = await classSums(
    db,
    user,
    f,
    r,
    periods.map((p) => p.id),
  );
  const rows: MyClassesReport['rows'] = periods.flatMap((p) =>
    sums
      .filter((x) => x.periodId === p.id)
      .map((x) => ({ ...x, periodLabel: classLabel(p.period_number, p.name) })),
  );
  return { ...r, rows };
}

/** A period over a range: its students' sums and the trend (a teacher their own periods). */
export async function classReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters & { periodId: string },
): Promise<ClassReport> {
  const p = await periodFor(db, user, 'reports:myClasses', f.periodId);
  const r = await appliedRange(db, user, f);
  const label = classLabel(p.periodNumber, p.name);
  const [sums, t] = [
    await classSums(db, user, f, r, [p.id]),
    await trend(db, user, f, r, periodIdSql(p.id)),
  ];
  const rows = sums.map(({ periodId: _p, ...row }) => row);
  return { ...r, periodId: p.id, periodLabel: label, rows, trend: trendPoints(t), trendBy: t.by };
}

/** One student: by category, balance over time (from the rollup) and their activities in the range. */
export async function studentReport(
  db: Queryable,
  user: AuthUser,
  studentId: string,
  f: ReportFilters,
): Promise<StudentReport> {
  const s = await studentFor(db, user, 'reports:myClasses', studentId);
  const r = await appliedRange(db, user, f);
  const byCategory = rowsOf<{ category: string; earned: unknown; spent: unknown; count: unknown }>(
    await db.execute(sql`
      select d.category, sum(d.earned) as earned, sum(d.spent) as spent, sum(d.count) as count from daily_rollup d
      where ${rollupWhere(user, f, r)} and d.student_id = ${s.id} group by d.category order by d.category`),
  ).map((x) => ({
    category: x.category,
    earned: n(x.earned),
    spent: n(x.spent),
    count: n(x.count),
  }));
  const days = rowsOf<{ date: string; net: unknown; before: unknown }>(
    await db.execute(sql`
      select d.date::text as date, sum(d.earned - d.spent) as net,
             (select coalesce(sum(b.earned - b.spent), 0) from daily_rollup b where b.school_id = ${user.schoolId} and b.student_id = ${s.id} and b.date < ${r.startDate}::date) as before
      from daily_rollup d where d.school_id = ${user.schoolId} and d.student_id = ${s.id} and d.date between ${r.startDate}::date and ${r.endDate}::date
      group by d.date order by d.date`),
  );
  let balance = days.length ? n(days[0]!.before) : 0;
  const balanceOverTime = days.map((d) => ({ date: d.date, balance: (balance += n(d.net)) }));
  const [labels] = await db
    .select({ v: configurations.valueObject })
    .from(configurations)
    .where(
      and(eq(configurations.scope, user.schoolId), eq(configurations.key, 'attendanceLabels')),
    );
  const district =
    labels?.v && typeof labels.v === 'object' ? (labels.v as Record<string, string>) : null;
  const history = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.schoolId, user.schoolId),
        eq(activities.studentId, s.id),
        gte(activities.date, r.startDate),
        lte(activities.date, r.endDate),
        f.category ? eq(activities.category, f.category) : undefined,
      ),
    )
    .orderBy(desc(activities.date), desc(activities.createdAt))
    .limit(500);
  return {
    ...r,
    student: {
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      gradeLevel: s.gradeLevel,
      house: s.house,
      houseName: s.house ? houseLabel(s.house) : null,
    },
    byCategory,
    balanceOverTime,
    history: history.map((a) => ({
      _id: a.id,
      date: a.date,
      category: a.category,
      activityType: a.activityType,
      label:
        a.category === 'Daily Attendance'
          ? attendanceLabel(a.activityType, district)
          : a.activityType,
      points: a.points,
      comment: a.comment,
    })),
  };
}

/**
 * Who the usage report is about: the school's users holding a role the table lets give points
 * (activity:give), whatever it is; a super admin's gives are on their row like anyone's.
 */
const giversWhere = (user: AuthUser) =>
  holdsAnyOf(sql`u.roles`, rolesThatMay(user, 'activity:give'));

/** Teacher usage: the giver rollup per staff member who may give, and who has not given this week. */
export async function teacherUsageReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<TeacherUsageReport> {
  if (requireScope(user, 'reports:teacherUsage') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const week = await thisWeekStart(db, user);
  const cat = f.category ? sql` and g.category = ${f.category}` : sql``;
  const staff = rowsOf<{ id: string; first_name: string; last_name: string; this_week: boolean }>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name,
        exists (select 1 from giver_rollup g where g.school_id = u.school_id and g.giver_id = u.id and g.count > 0
                and g.date between ${week.from}::date and ${week.to}::date) as this_week
      from users u
      where u.school_id = ${user.schoolId} and ${giversWhere(user)}
      order by u.last_name, u.first_name, u.id`),
  );
  const inRange = rowsOf<{ id: string } & Record<string, unknown>>(
    await db.execute(sql`
      select g.giver_id as id,
        coalesce(sum(g.points) filter (where g.category = 'Bonuses'), 0) as bonus_points,
        coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as bonus_count,
        coalesce(sum(g.points) filter (where g.category = 'Flags'), 0) as flag_points,
        coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as flag_count,
        coalesce(sum(g.points) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_points,
        coalesce(sum(g.count) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_count,
        count(distinct g.date) filter (where g.count > 0) as days_given,
        max(g.date) filter (where g.count > 0)::text as last_given
      from giver_rollup g where g.school_id = ${user.schoolId} and g.date between ${r.startDate}::date and ${r.endDate}::date${cat}
      group by g.giver_id`),
  );
  const sums = new Map(inRange.map((x) => [x.id, x]));
  return {
    ...r,
    weekStart: week.from,
    rows: staff.map((u) => {
      const x = sums.get(u.id);
      return {
        giverId: u.id,
        firstName: u.first_name,
        lastName: u.last_name,
        bonusPoints: n(x?.bonus_points),
        bonusCount: n(x?.bonus_count),
        flagPoints: n(x?.flag_points),
        flagCount: n(x?.flag_count),
        otherPoints: n(x?.other_points),
        otherCount: n(x?.other_count),
        daysGiven: n(x?.days_given),
        lastGiven: (x?.last_given as string | null | undefined) ?? null,
      };
    }),
    notGivenThisWeek: staff
      .filter((u) => !u.this_week)
      .map((u) => ({ giverId: u.id, firstName: u.first_name, lastName: u.last_name })),
  };
}

/** To whom one staff member gave over the range: per student, from the giver × student rollup. */
export async function teacherGivingReport(
  db: Queryable,
  user: AuthUser,
  giverId: string,
  f: ReportFilters,
): Promise<TeacherGivingReport> {
  if (requireScope(user, 'reports:teacherUsage') !== 'school') throw forbidden();
  if (!isUuid(giverId)) throw notFound('Staff member not found');
  const [giver] = rowsOf<{ id: string; first_name: string; last_name: string }>(
    await db.execute(
      sql`select u.id, u.first_name, u.last_name from users u where u.school_id = ${user.schoolId} and u.id = ${giverId}::uuid and ${giversWhere(user)}`,
    ),
  );
  if (!giver) throw notFound('Staff member not found');
  const r = await appliedRange(db, user, f);
  const pf = periodFilter(f);
  const res = await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.grade_level, u.house,
      coalesce(sum(g.points) filter (where g.category = 'Bonuses'), 0) as bonus_points, coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as bonus_count,
      coalesce(sum(g.points) filter (where g.category = 'Flags'), 0) as flag_points, coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as flag_count,
      coalesce(sum(g.points) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_points,
      coalesce(sum(g.count) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_count,
      coalesce(sum(g.count) filter (where g.period_id <> ${NO_PERIOD}::uuid), 0) as in_class
    from ${givenSource(user, f, r, { giverId: giver.id })}
    join users u on u.school_id = ${user.schoolId} and u.id = g.student_id
    where ${studentWhere(user, f)}${pf ? sql` and g.period_id = ${pf}` : sql``}
    group by u.id, u.first_name, u.last_name, u.grade_level, u.house
    having sum(g.count) > 0
    order by u.last_name, u.first_name, u.id`);
  type Raw = Record<
    | 'bonus_points'
    | 'bonus_count'
    | 'flag_points'
    | 'flag_count'
    | 'other_points'
    | 'other_count'
    | 'in_class',
    unknown
  > & {
    id: string;
    first_name: string;
    last_name: string;
    grade_level: string | null;
    house: string | null;
  };
  return {
    ...r,
    giver: { giverId: giver.id, firstName: giver.first_name, lastName: giver.last_name },
    rows: rowsOf<Raw>(res).map((x) => ({
      studentId: x.id,
      firstName: x.first_name,
      lastName: x.last_name,
      gradeLevel: x.grade_level,
      house: x.house,
      houseName: x.house ? houseLabel(x.house) : null,
      bonusPoints: n(x.bonus_points),
      bonusCount: n(x.bonus_count),
      flagPoints: n(x.flag_points),
      flagCount: n(x.flag_count),
      otherPoints: n(x.other_points),
      otherCount: n(x.other_count),
      inClassCount: n(x.in_class),
    })),
  };
}

type Group = SchoolStudentsReport['byGrade'][number];
function groupBy(
  rows: readonly StudentSumsRow[],
  key: (r: StudentSumsRow) => string,
  label: (key: string) => string,
): Group[] {
  const out = new Map<string, Group>();
  for (const r of rows) {
    const k = key(r);
    const g = out.get(k) ?? {
      key: k,
      label: label(k),
      students: 0,
      earned: 0,
      bonuses: 0,
      flags: 0,
      flagCount: 0,
      spent: 0,
    };
    g.students += 1;
    g.earned += r.earned;
    g.bonuses += r.bonuses;
    g.flags += r.flags;
    g.flagCount += r.flagCount;
    g.spent += r.spent;
    out.set(k, g);
  }
  return [...out.values()].sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true }));
}

const periodFilter = (f: ReportFilters) =>
  f.periodId && isUuid(f.periodId)
    ? periodIdSql(f.periodId)
    : f.periodId
      ? sql`null::uuid`
      : undefined;

/** School students: every student's sums (top earners, most flagged are sorts of them), by grade and by house. */
export async function schoolStudentsReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<SchoolStudentsReport> {
  if (requireScope(user, 'reports:schoolStudents') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const rows = await studentSums(db, user, f, r, periodFilter(f));
  return {
    ...r,
    rows,
    byGrade: groupBy(rows, (x) => x.gradeLevel ?? 'None', gradeOrNone),
    byHouse: groupBy(rows, (x) => x.house ?? 'None', houseOrNone),
  };
}

/** School dashboard: totals, the day-by-day trend, house standings and store sales. */
export async function schoolDashboardReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<SchoolDashboardReport> {
  if (requireScope(user, 'reports:schoolDashboard') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const pf = periodFilter(f);
  const t = await trend(db, user, f, r, pf);
  const houses = rowsOf<{ house: string; students: unknown; earned: unknown; active: unknown }>(
    await db.execute(sql`
      select coalesce(u.house, 'None') as house, count(*) as students, coalesce(sum(s.earned), 0) as earned, count(s.student_id) filter (where s.n > 0) as active
      from users u
      left join (select d.student_id, sum(d.earned) filter (where d.category <> ${STORE_CATEGORY}) as earned, sum(d.count) filter (where d.category <> ${STORE_CATEGORY}) as n
                 from ${rollupSource(user, f, r)} group by d.student_id) s on s.student_id = u.id
      where ${studentWhere(user, f, pf)}
      group by 1 order by 3 desc, 1`),
  );
  const sum = (k: 'earned' | 'bonuses' | 'flags' | 'flagCount' | 'spent' | 'orders') =>
    t.points.reduce((a, d) => a + d[k], 0);
  return {
    ...r,
    totals: {
      students: houses.reduce((a, h) => a + n(h.students), 0),
      activeStudents: houses.reduce((a, h) => a + n(h.active), 0),
      earned: sum('earned'),
      bonuses: sum('bonuses'),
      flags: sum('flags'),
      flagCount: sum('flagCount'),
      spent: sum('spent'),
      orders: sum('orders'),
    },
    trend: trendPoints(t),
    trendBy: t.by,
    houses: houses
      .filter((h) => h.house !== 'None' || n(h.students) > 0)
      .map((h) => ({
        house: h.house,
        houseName: houseOrNone(h.house),
        students: n(h.students),
        earned: n(h.earned),
      })),
    storeSales: t.points
      .filter((d) => d.spent || d.orders)
      .map((d) => ({ date: d.date, spent: d.spent, orders: d.orders })),
  };
}
