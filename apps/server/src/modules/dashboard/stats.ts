import { sql } from 'drizzle-orm';
import {
  ACTIVITY_CATEGORIES,
  addDays,
  bucketOf,
  bucketStarts,
  chartBucket,
  daysBetween,
  gemProgress,
  MAX_DASHBOARD_DAYS,
  memberProgress,
  nextUnlock,
  OPEN_ORDER_STATUSES,
  rangeTooLongMessage,
  todayIn,
  type ActivityCategory,
  type DashboardStats,
  type DashboardStatsQuery,
  type EntryCategory,
  type MemberStatusLevel,
  type OrderStatus,
  type StoreType,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { activities, dailyRollup, orderItems, orders, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { standingPlus, standingWith } from '../balances/service.js';

const RECENT = 10;
/** The dashboard's default range: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

const isCategory = (c: string): c is ActivityCategory =>
  (ACTIVITY_CATEGORIES as readonly string[]).includes(c);

type DayRow = [date: string, category: string, earned: number, spent: number, count: number];
type RecentRow = [
  id: string,
  date: string,
  activityType: string,
  category: EntryCategory,
  points: number,
  comment: string,
  givenByName: string,
];
type PendingRow = [
  id: string,
  status: OrderStatus,
  store: StoreType,
  total: number,
  estimatedDelivery: string | null,
  cutOffDate: string | null,
  createdAt: string,
  items: [name: string, quantity: number][],
];
/** json columns come parsed from pg, and from PGlite too; text is parsed here. */
const rowsOf = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];

/**
 * The whole dashboard in ONE statement: the standing (balances/service.ts) and, as JSON lists,
 * the range's rollup rows by day and category, the latest activities through their (school,
 * student, date) index, and the orders not yet redeemed with their items. No scan of the ledger.
 */
const dashboardQuery = (() => {
  const ph = sql.placeholder;
  const open = sql.raw(OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
  return standingPlus('dashboard_stats', {
    days: sql`(select coalesce(json_agg(json_build_array(x.date, x.category, x.earned, x.spent, x.count)), '[]')
      from (select d.date, d.category, sum(d.earned) as earned, sum(d.spent) as spent, sum(d.count) as count
        from ${dailyRollup} d
        where d.school_id = ${ph('schoolId')} and d.student_id = ${ph('studentId')}
          and d.date >= ${ph('startDate')} and d.date <= ${ph('endDate')}
        group by d.date, d.category) x)`,
    recent: sql`(select coalesce(json_agg(json_build_array(a.id, a.date, a.activity_type, a.category, a.points, a.comment,
        coalesce(g.first_name || ' ' || g.last_name, 'School')) order by a.date desc, a.created_at desc, a.id desc), '[]')
      from (select * from ${activities} a
        where a.school_id = ${ph('schoolId')} and a.student_id = ${ph('studentId')}
        order by a.date desc, a.created_at desc, a.id desc limit ${RECENT}) a
      left join ${users} g on g.school_id = a.school_id and g.id = a.given_by)`,
    pending: sql`(select coalesce(json_agg(json_build_array(o.id, o.status, o.store, o.total, o.estimated_delivery,
        o.cut_off_date, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        (select coalesce(json_agg(json_build_array(i.name, i.quantity) order by i.name), '[]')
          from ${orderItems} i where i.school_id = o.school_id and i.order_id = o.id))
        order by o.estimated_delivery asc nulls last, o.created_at asc), '[]')
      from (select * from ${orders} o
        where o.school_id = ${ph('schoolId')} and o.student_id = ${ph('studentId')} and o.status in (${open})
        order by o.estimated_delivery asc nulls last, o.created_at asc limit 50) o)`,
  });
})();

/** GET utility/student/dashboard/stats (dashboardQuery). */
export async function dashboardStats(
  db: Queryable,
  user: AuthUser,
  q: DashboardStatsQuery,
): Promise<DashboardStats> {
  const today = todayIn(user.school.timeZone);
  const endDate = q.endDate ?? (q.startDate && q.startDate > today ? q.startDate : today);
  const startDate = q.startDate ?? addDays(endDate, -(DEFAULT_DAYS - 1));
  // The schema checks ranges given whole; one side defaulted to today can still be too long.
  if (daysBetween(startDate, endDate) > MAX_DASHBOARD_DAYS) throw badRequest(rangeTooLongMessage);
  const bucket = chartBucket(startDate, endDate);
  const { standing, row } = await standingWith(db, user, q.studentId, dashboardQuery, {
    startDate,
    endDate,
  });
  const id = standing.studentId;
  const days = rowsOf<DayRow>(row.days).map(([date, category, earned, spent, count]) => ({
    date,
    category,
    earned: Number(earned),
    spent: Number(spent),
    count: Number(count),
  }));
  const recent = rowsOf<RecentRow>(row.recent);
  const pending = rowsOf<PendingRow>(row.pending);

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
    recentActivity: recent.map(
      ([_id, date, activityType, category, points, comment, givenByName]) => ({
        _id,
        date,
        activityType,
        category,
        points,
        comment,
        givenByName,
      }),
    ),
    pendingOrders: pending.map(
      ([_id, status, store, total, estimatedDelivery, cutOffDate, createdAt, items]) => ({
        _id,
        status,
        store,
        total,
        items: items.map(([name, quantity]) => ({ name, quantity })),
        estimatedDelivery,
        cutOffDate,
        createdAt,
      }),
    ),
  };
}
