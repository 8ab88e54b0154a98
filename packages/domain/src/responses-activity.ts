import { z } from 'zod';
import { ACTIVITY_CATEGORIES, ENTRY_CATEGORIES, type ActivityCategory } from './constants.js';
import { day, instant, int } from './response-fields.js';

/**
 * Response shapes of the points economy (activities, group types, attendance, balances,
 * calendar); see responses.ts for how routes, server and web use them.
 */

const category = z.enum(ACTIVITY_CATEGORIES);
/** A ledger entry's category: the year end's too. */
const entryCategory = z.enum(ENTRY_CATEGORIES);

/* ---- activities and their options ---- */

export const activityOptionResponse = z.object({
  _id: z.string(),
  name: z.string(),
  category,
  /** Signed: flags are negative. */
  points: int(),
  type: z.string(),
  isCustom: z.boolean(),
});
export type ActivityOption = z.infer<typeof activityOptionResponse>;

/** Every category, each with its options (possibly none). */
const optionsByCategory = z.object(
  Object.fromEntries(
    ACTIVITY_CATEGORIES.map((c) => [c, z.array(activityOptionResponse)]),
  ) as Record<ActivityCategory, z.ZodArray<typeof activityOptionResponse>>,
);

/** GET activity/options. */
export const activityOptionsResponse = z.object({
  categories: optionsByCategory,
  customActions: z.array(activityOptionResponse),
  powerActions: z.array(z.string()),
  givableCategories: z.array(category),
  canCreateCustomActions: z.boolean(),
  customLimit: int(),
  flagPoints: z.object({ admin: int(), nonAdmin: int() }),
});
export type ActivityOptions = z.infer<typeof activityOptionsResponse>;

/** PUT settings/power-actions/:id. */
export const powerActionsResponse = z.object({
  powerActions: z.array(z.string()),
});
export type PowerActions = z.infer<typeof powerActionsResponse>;

/** POST activity/bulk. */
export const giveResultResponse = z.object({
  giveId: z.string(),
  date: day(),
  studentCount: int(),
  activityCount: int(),
  points: int(),
  activityTypes: z.array(z.object({ _id: z.string(), name: z.string(), category, points: int() })),
  /**
   * A flag for a day whose Daily Behavior points were already given takes them back: how many
   * students lost them and the points taken (≤ 0), beside the flag's own points above.
   */
  dailyBehaviorTakenBack: z.object({ students: int(), points: int() }),
});
export type GiveResult = z.infer<typeof giveResultResponse>;

/** PUT activity/:id: the changed activity's own fields only. */
export const activityUpdatedResponse = z.object({
  _id: z.string(),
  activityType: z.string(),
  activityTypeId: z.string(),
  category: entryCategory,
  points: int(),
  comment: z.string(),
  date: day(),
});
export type ActivityUpdated = z.infer<typeof activityUpdatedResponse>;

/** GET activity/: one row of the ledger. */
export const activityItemResponse = activityUpdatedResponse.extend({
  internalPeriodId: z.string().nullable(),
  studentId: z.string(),
  student: z.object({ firstName: z.string(), lastName: z.string(), externalStudentId: z.string() }),
  givenBy: z.string().nullable(),
  givenByName: z.string(),
  createdAt: instant(),
  canEdit: z.boolean(),
  /** On a flag: the day's Daily Behavior points (≤ 0) it took back; 0 otherwise. */
  behaviorTakenBack: int(),
});
export type ActivityItem = z.infer<typeof activityItemResponse>;

/** GET activity/audit: one change to an activity. */
export const auditEntryResponse = z.object({
  _id: z.string(),
  activityId: z.string(),
  action: z.string(),
  changedBy: z.string().nullable(),
  changedByName: z.string(),
  /** The activity's fields before and after the change (JSON; null on a creation or a removal). */
  before: z.unknown(),
  after: z.unknown(),
  at: instant(),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

/* ---- a class's day ---- */

export const classStudentStatsResponse = z.object({
  _id: z.string(),
  externalStudentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.string().nullable(),
  house: z.string().nullable(),
  balance: int(),
  /** Points from bonuses (and other positive categories) on the day. */
  bonusesToday: int(),
  /** Points taken by flags on the day (negative or 0). */
  flagsToday: int(),
  absent: z.boolean(),
});
export type ClassStudentStats = z.infer<typeof classStudentStatsResponse>;

/** GET activity/class-stats/:id. */
export const classStatsResponse = z.object({
  internalPeriodId: z.string(),
  date: day(),
  students: z.array(classStudentStatsResponse),
  totals: z.object({ students: int(), bonuses: int(), flags: int(), absent: int() }),
});
export type ClassStats = z.infer<typeof classStatsResponse>;

/** GET activity/period-stats-details/{id}: a class's day, by activity. */
export const periodDayDetailsResponse = z.object({
  internalPeriodId: z.string(),
  date: day(),
  byActivity: z.array(
    z.object({ activityType: z.string(), category: z.string(), count: int(), points: int() }),
  ),
  totals: z.object({ bonuses: int(), flags: int(), points: int() }),
});
export type PeriodDayDetails = z.infer<typeof periodDayDetailsResponse>;

/* ---- attendance ---- */

/** GET activity/absent: one absent student on the day. */
export const absenceEntryResponse = z.object({
  studentId: z.string(),
  date: day(),
  firstName: z.string(),
  lastName: z.string(),
  externalStudentId: z.string(),
});
export type AbsenceEntry = z.infer<typeof absenceEntryResponse>;

/** POST and DELETE activity/absent/:id. */
export const absenceChangeResponse = z.object({
  studentId: z.string(),
  date: day(),
  absent: z.boolean(),
});
export type AbsenceChange = z.infer<typeof absenceChangeResponse>;

/* ---- group types ---- */

export const studentGroupResponse = z.object({
  _id: z.string(),
  name: z.string(),
  /** Internal student ids (ClassStudentStats._id). */
  studentIds: z.array(z.string()),
});
export type StudentGroup = z.infer<typeof studentGroupResponse>;

export const groupTypeResponse = z.object({
  _id: z.string(),
  name: z.string(),
  internalPeriodId: z.string(),
  groups: z.array(studentGroupResponse),
});
export type GroupType = z.infer<typeof groupTypeResponse>;

/** DELETE group-types/:id. */
export const groupTypeDeletedResponse = z.object({
  _id: z.string(),
  deleted: z.boolean(),
});
export type GroupTypeDeleted = z.infer<typeof groupTypeDeletedResponse>;

/** DELETE group-types/:id/groups/:groupId/activity and DELETE activity/give/:id: how many activities went. */
export const activitiesRemovedResponse = z.object({
  removed: int(),
});
export type ActivitiesRemoved = z.infer<typeof activitiesRemovedResponse>;

/* ---- balances ---- */

/** GET utility/student/balance/stats. */
export const balanceStatsResponse = z.object({
  studentId: z.string(),
  earnedYesterday: int(),
  balance: int(),
  totalEarned: int(),
  totalSpent: int(),
  tier: z.string(),
  nextTier: z.string().nullable(),
  pointsToNextTier: int(),
  memberStatus: z.string(),
  nextMemberStatus: z.string().nullable(),
  pointsToNextMemberStatus: int(),
});
export type BalanceStats = z.infer<typeof balanceStatsResponse>;

/* POST utility/student/balance answers `balancesAtResponse` (responses-dashboard.ts). */

/* ---- calendar ---- */

export const holidayResponse = z.object({
  date: day(),
  name: z.string(),
});
export type Holiday = z.infer<typeof holidayResponse>;

/** DELETE calendar/holidays/:date. */
export const holidayRemovedResponse = z.object({
  date: day(),
  deleted: z.boolean(),
});
export type HolidayRemoved = z.infer<typeof holidayRemovedResponse>;

/** GET calendar. */
export const calendarViewResponse = z.object({
  start: day(),
  end: day(),
  givingStartDate: day(),
  holidays: z.array(holidayResponse),
  today: day(),
  /** Whether today is a school day. */
  schoolDays: z.boolean(),
});
export type CalendarView = z.infer<typeof calendarViewResponse>;
