import { sql, type SQL } from 'drizzle-orm';
import {
  periodLabel,
  houseLabel,
  splitByMonths,
  trendGranularity,
  type ClassSumsRow,
  type ReportFilters,
  type StudentSumsRow,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { NO_PERIOD } from '../../db/schema.js';
import { STORE_CATEGORY } from '../../ledger/orders.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { isUuid } from '../../lib/ids.js';
import { holdsAnyOf, rolesThatMay } from '../../access/permission.js';
import { isStudentSql } from '../../access/students.js';
import type { AppliedRange } from './range.js';

/**
 * What the reports read, from the rollups (daily and monthly_rollup per student, giver_rollup per
 * giver, giver_student_monthly per giver, student and class; docs/decisions/043-reports-read-rollups.md),
 * never by scanning the activities: the students a report covers, the rollup sources of a range and
 * the sums over them. Each report is a file beside this one; scope checks happen there.
 */

export const n = (v: unknown) => Number(v ?? 0);

/** Which students a report covers: the school's, narrowed by period, house and grade filters. */
export function studentWhere(user: AuthUser, f: ReportFilters, periodIds?: SQL): SQL {
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
export function rollupWhere(user: AuthUser, f: ReportFilters, r: AppliedRange): SQL {
  const cat = f.category
    ? sql` and (d.category = ${f.category} or d.category = ${STORE_CATEGORY})`
    : sql``;
  return sql`d.school_id = ${user.schoolId} and d.date between ${r.startDate}::date and ${r.endDate}::date${cat}`;
}

/**
 * The rollup rows of the range as one source `d` (student_id, category, earned, spent, count):
 * whole months from the monthly rollup, the days around them from the daily one.
 */
export function rollupSource(
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
export async function studentSums(
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
export async function trend(
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

export const trendPoints = (t: Awaited<ReturnType<typeof trend>>) =>
  t.points.map(({ date, earned, bonuses, flags, spent }) => ({
    date,
    earned,
    bonuses,
    flags,
    spent,
  }));

export const periodIdSql = (id: string) => sql`${id}::uuid`;

/** "2nd Period (Math)", or "2nd Period" when the class has no name. */
export const classLabel = (periodNumber: number, name: string | null) =>
  name ? `${periodLabel(periodNumber)} (${name})` : periodLabel(periodNumber);

export const periodFilter = (f: ReportFilters) =>
  f.periodId && isUuid(f.periodId)
    ? periodIdSql(f.periodId)
    : f.periodId
      ? sql`null::uuid`
      : undefined;

/**
 * What one giver gave, or what was given in some periods, over the range as one source `g`
 * (student_id, period_id, category, points, count): whole months from giver_student_monthly, the
 * days around them from the activities by their giver or period index (a daily rollup per giver
 * and student would be as large as the ledger itself; docs/decisions/043-reports-read-rollups.md).
 */
export function givenSource(
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
export async function classSums(
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

/**
 * Who the usage report is about: the school's users holding a role the table lets give points
 * (activity:give), whatever it is; a super admin's gives are on their row like anyone's.
 */
export const giversWhere = (user: AuthUser) =>
  holdsAnyOf(sql`u.roles`, rolesThatMay(user, 'activity:give'));
