import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, gemTier, memberStatus, type BalanceStats, type BalancesAt } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { dailyRollup, wallets } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { studentFor } from '../../access/students.js';
import { loadCalendar } from '../calendar/service.js';

/** The student a balance call is about: the caller when a student, else `studentId` they may see. */
async function subjectStudent(db: Queryable, user: AuthUser, studentId?: string) {
  if (requireScope(user, 'students:read') === 'own') return user.id;
  if (!studentId) throw badRequest('studentId is required');
  return (await studentFor(db, user, 'students:read', studentId)).id;
}

export async function balanceStats(db: Queryable, user: AuthUser, studentId?: string): Promise<BalanceStats> {
  const id = await subjectStudent(db, user, studentId);
  const calendar = await loadCalendar(db, user.school);
  const yesterday = addDays(calendar.today, -1);
  const [w] = await db.select().from(wallets).where(and(eq(wallets.schoolId, user.schoolId), eq(wallets.studentId, id)));
  const [y] = await db
    .select({
      yesterday: sql<number>`coalesce(sum(${dailyRollup.earned}) filter (where ${dailyRollup.date} = ${yesterday}), 0)`,
      yearEarned: sql<number>`coalesce(sum(${dailyRollup.earned}), 0)`,
    })
    .from(dailyRollup)
    .where(and(eq(dailyRollup.schoolId, user.schoolId), eq(dailyRollup.studentId, id), gte(dailyRollup.date, calendar.yearStart), lte(dailyRollup.date, calendar.yearEnd)));
  const balance = Number(w?.balance ?? 0);
  const tier = gemTier(balance);
  const status = memberStatus(Math.max(0, Number(y?.yearEarned ?? 0)));
  return {
    studentId: id,
    earnedYesterday: Number(y?.yesterday ?? 0),
    balance,
    totalEarned: Number(w?.totalEarned ?? 0),
    totalSpent: Number(w?.totalSpent ?? 0),
    tier: tier.tier,
    nextTier: tier.nextTier,
    pointsToNextTier: tier.pointsToNext,
    memberStatus: status.tier,
    nextMemberStatus: status.nextTier,
    pointsToNextMemberStatus: status.pointsToNext,
  };
}

/** Balance at the end of each date (from the rollup); an empty list gives an empty object. */
export async function balancesAt(db: Queryable, user: AuthUser, endDates: string[], studentId?: string): Promise<BalancesAt> {
  if (!endDates.length) return {};
  const id = await subjectStudent(db, user, studentId);
  const rows = await db
    .select({ date: dailyRollup.date, net: sql<number>`sum(${dailyRollup.earned} - ${dailyRollup.spent})` })
    .from(dailyRollup)
    .where(and(eq(dailyRollup.schoolId, user.schoolId), eq(dailyRollup.studentId, id), lte(dailyRollup.date, [...endDates].sort().at(-1)!)))
    .groupBy(dailyRollup.date);
  const out: BalancesAt = {};
  for (const d of endDates) out[d] = rows.filter((r) => r.date <= d).reduce((n, r) => n + Number(r.net), 0);
  return out;
}
