import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVITY_CATEGORIES,
  addDays,
  bucketOf,
  bucketStarts,
  chartBucket,
  daysBetween,
  MAX_DASHBOARD_DAYS,
  rangeTooLong,
  gemProgress,
  memberProgress,
  nextUnlock,
  OPEN_ORDER_STATUSES,
  todayIn,
  type ActivityCategory,
  type DashboardStats,
  type DashboardStatsQuery,
  type MemberStatusLevel,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { activities, dailyRollup, orderItems, orders, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { studentStanding } from '../balances/service.js';

const RECENT = 10;
/** The dashboard's default range: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

const givers = alias(users, 'giver');
const isCategory = (c: string): c is ActivityCategory =>
  (ACTIVITY_CATEGORIES as readonly string[]).includes(c);

/**
 * GET utility/student/dashboard/stats: the wallet and this year's rollup (balance, tiers), the
 * range's rollup rows by day and category (chart, categories), the latest activities through
 * their (school, student, date) index, and the orders not yet redeemed. No scan of the ledger.
 */
export async function dashboardStats(
  db: Queryable,
  user: AuthUser,
  q: DashboardStatsQuery,
): Promise<DashboardStats> {
  const standing = await studentStanding(db, user, q.studentId);
  const id = standing.studentId;
  const today = todayIn(user.school.timeZone);
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? addDays(endDate, -(DEFAULT_DAYS - 1));
  // The schema checks ranges given whole; one side defaulted to today can still be too long.
  if (daysBetween(startDate, endDate) > MAX_DASHBOARD_DAYS) throw badRequest(rangeTooLong);
  const bucket = chartBucket(startDate, endDate);

  const [days, recent, pending] = await Promise.all([
    db
      .select({
        date: dailyRollup.date,
        category: dailyRollup.category,
        earned: sql<number>`sum(${dailyRollup.earned})`.mapWith(Number),
        spent: sql<number>`sum(${dailyRollup.spent})`.mapWith(Number),
        count: sql<number>`sum(${dailyRollup.count})`.mapWith(Number),
      })
      .from(dailyRollup)
      .where(
        and(
          eq(dailyRollup.schoolId, user.schoolId),
          eq(dailyRollup.studentId, id),
          gte(dailyRollup.date, startDate),
          lte(dailyRollup.date, endDate),
        ),
      )
      .groupBy(dailyRollup.date, dailyRollup.category),
    db
      .select({
        a: {
          id: activities.id,
          date: activities.date,
          activityType: activities.activityType,
          category: activities.category,
          points: activities.points,
          comment: activities.comment,
        },
        givenByName: sql<string>`coalesce(${givers.firstName} || ' ' || ${givers.lastName}, 'School')`,
      })
      .from(activities)
      .leftJoin(
        givers,
        and(eq(givers.schoolId, activities.schoolId), eq(givers.id, activities.givenBy)),
      )
      .where(and(eq(activities.schoolId, user.schoolId), eq(activities.studentId, id)))
      .orderBy(desc(activities.date), desc(activities.createdAt), desc(activities.id))
      .limit(RECENT),
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.schoolId, user.schoolId),
          eq(orders.studentId, id),
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        ),
      )
      .orderBy(sql`${orders.estimatedDelivery} asc nulls last`, asc(orders.createdAt))
      .limit(50),
  ]);

  const items = pending.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.name,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          and(
            eq(orderItems.schoolId, user.schoolId),
            inArray(
              orderItems.orderId,
              pending.map((o) => o.id),
            ),
          ),
        )
        .orderBy(asc(orderItems.name))
    : [];

  const over = new Map(
    bucketStarts(startDate, endDate, bucket).map((d) => [d, { date: d, earned: 0, spent: 0 }]),
  );
  const byCategory = new Map(
    ACTIVITY_CATEGORIES.map((c) => [c, { category: c, earned: 0, count: 0 }]),
  );
  for (const r of days) {
    const b = over.get(bucketOf(r.date, bucket))!;
    b.earned += r.earned;
    b.spent += r.spent;
    if (isCategory(r.category)) {
      const c = byCategory.get(r.category)!;
      c.earned += r.earned;
      c.count += r.count;
    }
  }

  const level = standing.memberStatus as MemberStatusLevel;
  return {
    studentId: id,
    startDate,
    endDate,
    bucket,
    balance: standing.balance,
    totalEarned: standing.totalEarned,
    totalSpent: standing.totalSpent,
    earnedYesterday: standing.earnedYesterday,
    tier: {
      name: standing.tier,
      next: standing.nextTier,
      pointsToNext: standing.pointsToNextTier,
      progress: gemProgress(standing.balance),
    },
    memberStatus: {
      name: level,
      next: standing.nextMemberStatus,
      pointsToNext: standing.pointsToNextMemberStatus,
      progress: memberProgress(standing.yearEarned),
      yearEarned: standing.yearEarned,
      nextUnlock: nextUnlock(level),
    },
    earnedOverTime: [...over.values()],
    byCategory: [...byCategory.values()],
    recentActivity: recent.map((r) => ({
      _id: r.a.id,
      date: r.a.date,
      activityType: r.a.activityType,
      category: r.a.category,
      points: r.a.points,
      comment: r.a.comment,
      givenByName: r.givenByName,
    })),
    pendingOrders: pending.map((o) => ({
      _id: o.id,
      status: o.status,
      store: o.store,
      total: o.total,
      items: items
        .filter((i) => i.orderId === o.id)
        .map(({ name, quantity }) => ({ name, quantity })),
      estimatedDelivery: o.estimatedDelivery,
      cutOffDate: o.cutOffDate,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}
