import { z } from 'zod';
import { ACTIVITY_CATEGORIES, ENTRY_CATEGORIES, ORDER_STATUSES, STORE_TYPES } from './constants.js';
import { day, instant, int } from './response-fields.js';

/** Response shapes of the student dashboard and the academic projections (see responses.ts for their use). */

const tier = z.string();
const level = z.string();

/** GET utility/student/dashboard/stats. */
export const dashboardStatsResponse = z.object({
  studentId: z.string(),
  /** The range the chart and the categories cover, and how the chart sums it. */
  startDate: day(),
  endDate: day(),
  bucket: z.enum(['day', 'week']),
  balance: int(),
  totalEarned: int(),
  totalSpent: int(),
  earnedYesterday: int(),
  /** Gem tier, from the balance now. */
  tier: z.object({
    name: tier,
    next: tier.nullable(),
    pointsToNext: int(),
    progress: int().describe('percent of the way to the next tier'),
  }),
  /** Member level, from what was earned this school year; `nextUnlock` is what the next level opens. */
  memberStatus: z.object({
    name: level,
    next: level.nullable(),
    pointsToNext: int(),
    progress: int(),
    yearEarned: int(),
    nextUnlock: z
      .object({ level, theme: z.string(), designs: int(), emojiPrice: int() })
      .nullable(),
  }),
  /** Every day or week (its first day) of the range: points earned (flags taken off) and spent. */
  earnedOverTime: z.array(z.object({ date: day(), earned: int(), spent: int() })),
  /** Each activity category over the range: net points and how many activities. */
  byCategory: z.array(
    z.object({ category: z.enum(ACTIVITY_CATEGORIES), earned: int(), count: int() }),
  ),
  /** The latest activities (at most 10), newest first. */
  recentActivity: z.array(
    z.object({
      _id: z.string(),
      date: day(),
      activityType: z.string(),
      category: z.enum(ENTRY_CATEGORIES),
      points: int(),
      comment: z.string(),
      givenByName: z.string(),
    }),
  ),
  /** Orders not yet redeemed (PENDING or PACKAGED), the soonest delivery first. */
  pendingOrders: z.array(
    z.object({
      _id: z.string(),
      status: z.enum(ORDER_STATUSES),
      store: z.enum(STORE_TYPES),
      total: int(),
      items: z.array(z.object({ name: z.string(), quantity: int() })),
      estimatedDelivery: day().nullable(),
      cutOffDate: day().nullable(),
      createdAt: instant(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;

/** POST utility/student/balance: for each end date, the balance then and what was earned and spent since the previous one. */
export const balancesAtResponse = z.record(
  z.string(),
  z.object({
    balance: int(),
    /** Since the day after the previous end date asked for (for the first: everything before it). */
    earned: int(),
    spent: int(),
  }),
);
export type BalancesAt = z.infer<typeof balancesAtResponse>;

/** GET utility/student/academic-projections. */
export const academicProjectionsResponse = z
  .object({
    studentId: z.string(),
    /** The school's today: projections count the giving days after it. */
    asOf: day(),
    balance: int(),
    yearEarned: int(),
    /** The pace: net points per giving day over the window (the last 28 days before today, from the giving start). */
    pace: z.object({
      perDay: z.number(),
      from: day(),
      to: day(),
      givingDays: int(),
      earned: int(),
    }),
    /** Each pay period (calendar month of the school year) not yet over, with where the pace leads by its end. */
    periods: z.array(
      z.object({
        label: z.string(),
        startDate: day(),
        endDate: day(),
        givingDaysLeft: int(),
        projectedBalance: int(),
        projectedTier: tier,
        projectedYearEarned: int(),
        projectedMemberStatus: level,
      }),
    ),
  })
  .describe(
    'Projected balance, gem tier and member level at the end of each remaining pay period, if the student keeps their pace and spends nothing more.',
  );
export type AcademicProjections = z.infer<typeof academicProjectionsResponse>;
