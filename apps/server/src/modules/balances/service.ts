import { and, eq, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  addDays,
  gemTier,
  memberStatus,
  msg,
  schoolYearFor,
  todayIn,
  type BalancesAt,
  type BalanceStats,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { dailyRollup, schoolYears, wallets } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { namedStudentId } from '../../access/students.js';

/** The student a balance call is about: a student themselves, else `studentId`, one they may see. */
async function subjectStudent(db: Queryable, user: AuthUser, studentId?: string) {
  const id = await namedStudentId(db, user, 'students:read', studentId);
  if (!id) throw badRequest(msg('msg.studentIdRequired'));
  return id;
}

/**
 * This school year's rollup rows of one student, as a FROM-clause fragment (alias `d`) for a
 * statement that sums them: the year is the last stored one that started by `today` (as
 * loadCalendar picks it), else the August–June pattern `fallbackStart`/`fallbackEnd`.
 */
export const yearRollupSql = (p: {
  schoolId: SQLWrapper;
  studentId: SQLWrapper;
  today: SQLWrapper;
  fallbackStart: SQLWrapper;
  fallbackEnd: SQLWrapper;
}) => sql`${dailyRollup} d
  left join lateral (
    select y.start_date, y.end_date from ${schoolYears} y
    where y.school_id = ${p.schoolId} and y.start_date <= ${p.today}
    order by y.start_date desc limit 1
  ) yr on true
  where d.school_id = ${p.schoolId} and d.student_id = ${p.studentId}
    and d.date >= coalesce(yr.start_date, ${p.fallbackStart}::date)
    and d.date <= coalesce(yr.end_date, ${p.fallbackEnd}::date)`;

/** The placeholders yearRollupSql reads, for a student's school year as of today. */
export function yearRollupParams(user: AuthUser) {
  const today = todayIn(user.school.timeZone);
  const fallback = schoolYearFor(today);
  return { today, fallbackStart: fallback.yearStart, fallbackEnd: fallback.yearEnd };
}

/** Wallet and this school year's rollup sums (yearRollupSql) in ONE statement, with `extra` columns. */
function standingQuery(db: Queryable, name: string, extra: Record<string, SQL>) {
  const ph = sql.placeholder;
  return db
    .select({
      balance: sql<number>`coalesce(w.balance, 0)`.mapWith(Number),
      totalEarned: sql<number>`coalesce(w.total_earned, 0)`.mapWith(Number),
      totalSpent: sql<number>`coalesce(w.total_spent, 0)`.mapWith(Number),
      earnedYesterday: sql<number>`r.yesterday`.mapWith(Number),
      yearEarned: sql<number>`r.year_earned`.mapWith(Number),
      ...extra,
    })
    .from(
      sql`(select 1) as one
      left join ${wallets} w on w.school_id = ${ph('schoolId')} and w.student_id = ${ph('studentId')}
      cross join lateral (
        select coalesce(sum(d.earned) filter (where d.date = ${ph('yesterday')}), 0) as yesterday,
               coalesce(sum(d.earned), 0) as year_earned
        from ${yearRollupSql({
          schoolId: ph('schoolId'),
          studentId: ph('studentId'),
          today: ph('today'),
          fallbackStart: ph('fallbackStart'),
          fallbackEnd: ph('fallbackEnd'),
        })}
      ) r`,
    )
    .prepare(name);
}
const statsQuery = preparedFor((db) => standingQuery(db, 'balance_stats', {}));

/**
 * A screen's statement: the standing's columns plus its own (`extra`, placeholders `schoolId`,
 * `studentId` and its own), so the screen reads the standing and the rest in ONE statement.
 */
export const standingPlus = (name: string, extra: Record<string, SQL>) =>
  preparedFor((db) => standingQuery(db, name, extra));

/** A student's balance stats and what they earned this school year (the member level's measure). */
export type Standing = BalanceStats & { yearEarned: number };

export async function balanceStats(
  db: Queryable,
  user: AuthUser,
  studentId?: string,
): Promise<BalanceStats> {
  const { yearEarned: _yearEarned, ...stats } = await studentStanding(db, user, studentId);
  return stats;
}

export async function studentStanding(
  db: Queryable,
  user: AuthUser,
  studentId?: string,
): Promise<Standing> {
  return (await standingWith(db, user, studentId, statsQuery, {})).standing;
}

/** The standing read by `query` (statsQuery or a standingPlus), with the row's other columns. */
export async function standingWith(
  db: Queryable,
  user: AuthUser,
  studentId: string | undefined,
  query: (db: Queryable) => ReturnType<typeof standingQuery>,
  params: Record<string, unknown>,
): Promise<{ standing: Standing; row: Record<string, unknown> }> {
  const id = await subjectStudent(db, user, studentId);
  const year = yearRollupParams(user);
  const [row] = await query(db).execute({
    ...params,
    schoolId: user.schoolId,
    studentId: id,
    ...year,
    yesterday: addDays(year.today, -1),
  });
  const balance = row?.balance ?? 0;
  const tier = gemTier(balance);
  const yearEarned = row?.yearEarned ?? 0;
  const status = memberStatus(Math.max(0, yearEarned));
  const standing: Standing = {
    studentId: id,
    yearEarned,
    earnedYesterday: row?.earnedYesterday ?? 0,
    balance,
    totalEarned: row?.totalEarned ?? 0,
    totalSpent: row?.totalSpent ?? 0,
    tier: tier.tier,
    nextTier: tier.nextTier,
    pointsToNextTier: tier.pointsToNext,
    memberStatus: status.tier,
    nextMemberStatus: status.nextTier,
    pointsToNextMemberStatus: status.pointsToNext,
  };
  return { standing, row: row ?? {} };
}

/**
 * The balance at the end of each date (from the rollup), with what was earned and spent since the
 * previous date asked for (the first: everything before it). An empty list gives an empty object.
 */
export async function balancesAt(
  db: Queryable,
  user: AuthUser,
  endDates: string[],
  studentId?: string,
): Promise<BalancesAt> {
  if (!endDates.length) return {};
  const id = await subjectStudent(db, user, studentId);
  const dates = [...new Set(endDates)].sort();
  const rows = await db
    .select({
      date: dailyRollup.date,
      earned: sql<number>`sum(${dailyRollup.earned})`.mapWith(Number),
      spent: sql<number>`sum(${dailyRollup.spent})`.mapWith(Number),
    })
    .from(dailyRollup)
    .where(
      and(
        eq(dailyRollup.schoolId, user.schoolId),
        eq(dailyRollup.studentId, id),
        lte(dailyRollup.date, dates.at(-1)!),
      ),
    )
    .groupBy(dailyRollup.date)
    .orderBy(dailyRollup.date);
  const out: BalancesAt = {};
  let balance = 0;
  let i = 0;
  for (const d of dates) {
    let earned = 0;
    let spent = 0;
    for (; i < rows.length && rows[i]!.date <= d; i++) {
      earned += rows[i]!.earned;
      spent += rows[i]!.spent;
    }
    balance += earned - spent;
    out[d] = { balance, earned, spent };
  }
  return out;
}
