import { z } from 'zod';
import { ACTIVITY_CATEGORIES } from './constants.js';
import { day, int } from './response-fields.js';
import { isValidIsoDate } from './school-days.js';

/** Requests and answers of the reports (`/api/v1/reports/…` and the spec's activity/*-report calls). */

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isValidIsoDate, { error: `${field} must be a date (YYYY-MM-DD)` });
const category = z.enum(ACTIVITY_CATEGORIES, {
  error: `category must be one of ${ACTIVITY_CATEGORIES.join(', ')}`,
});
const shortText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(100, { error: `${field} is too long` });

/** Filters every report takes; the range defaults to year to date (docs/decisions/043-reports-read-rollups.md). */
export const reportFilters = z.object({
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
  periodId: shortText('periodId').optional(),
  house: shortText('house').optional(),
  gradeLevel: shortText('gradeLevel').optional(),
  category: category.optional(),
  time: z.string().optional(),
});
export type ReportFilters = z.infer<typeof reportFilters>;

/** POST activity/class-report and GET reports/class: one period over a date range. */
export const classReportBody = reportFilters.extend({
  internalPeriodId: shortText('internalPeriodId'),
});
export type ClassReportBody = z.infer<typeof classReportBody>;
export const classReportQuery = reportFilters.extend({ periodId: shortText('periodId') });

const range = z.object({ key: z.string(), label: z.string(), from: day(), to: day() });

/** GET reports/meta: the ranges of this school year, the tabs the caller may open. */
export const reportsMetaResponse = z.object({
  timeZone: z.string(),
  today: day(),
  yearStart: day(),
  yearEnd: day(),
  givingStart: day(),
  defaultRange: range,
  ranges: z.array(range),
  tabs: z.array(
    z.enum(['myClasses', 'class', 'student', 'teacherUsage', 'schoolStudents', 'schoolDashboard']),
  ),
  categories: z.array(category),
});
export type ReportsMeta = z.infer<typeof reportsMetaResponse>;
export type ReportTab = ReportsMeta['tabs'][number];

const appliedRange = z.object({ startDate: day(), endDate: day() });

/** Who a report row is about. */
const reportStudent = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.string().nullable(),
  /** The stored house: the key filters and colours match on. */
  house: z.string().nullable(),
  /** The house as people read it ("Altruismo": houseLabel), for tables and CSV files as they are. */
  houseName: z.string().nullable(),
});

/** What a giver gave: points and counts of bonuses, flags and the other categories. */
const givenSums = z.object({
  bonusPoints: int(),
  bonusCount: int(),
  flagPoints: int(),
  flagCount: int(),
  otherPoints: int(),
  otherCount: int(),
});

/** One student's sums over the range (flags are negative points; flagCount how many). */
export const studentSumsRow = reportStudent.extend({
  earned: int(),
  bonuses: int(),
  bonusCount: int(),
  flags: int(),
  flagCount: int(),
  spent: int(),
  balance: int(),
});
export type StudentSumsRow = z.infer<typeof studentSumsRow>;

/**
 * A student's sums in a class report: the school-wide sums above, and what was given in this class
 * (from its roster screen, by any of its teachers) as class bonuses and flags (docs/decisions/043-reports-read-rollups.md).
 */
export const classSumsRow = studentSumsRow.extend({
  classBonuses: int(),
  classBonusCount: int(),
  classFlags: int(),
  classFlagCount: int(),
});
export type ClassSumsRow = z.infer<typeof classSumsRow>;

/** GET reports/my-classes: per period and per student. */
export const myClassesResponse = appliedRange.extend({
  rows: z.array(classSumsRow.extend({ periodId: z.string(), periodLabel: z.string() })),
});
export type MyClassesReport = z.infer<typeof myClassesResponse>;

/** One point of a trend: a day, or a month (its first day) when trendBy is 'month' (ranges over 62 days). */
const trendPoint = z.object({
  date: day(),
  earned: int(),
  bonuses: int(),
  flags: int(),
  spent: int(),
});
const trendBy = z.enum(['day', 'month']);

/** Class report: a period's students over a range, with its day-by-day trend. */
export const classReportResponse = appliedRange.extend({
  periodId: z.string(),
  periodLabel: z.string(),
  rows: z.array(classSumsRow),
  trend: z.array(trendPoint),
  trendBy,
});
export type ClassReport = z.infer<typeof classReportResponse>;

/** Student report: history, balance over time, by category. */
export const studentReportResponse = appliedRange.extend({
  student: reportStudent,
  byCategory: z.array(
    z.object({ category: z.string(), earned: int(), spent: int(), count: int() }),
  ),
  balanceOverTime: z.array(z.object({ date: day(), balance: int() })),
  history: z.array(
    z.object({
      _id: z.string(),
      date: day(),
      category: z.string(),
      activityType: z.string(),
      label: z.string(),
      points: int(),
      comment: z.string(),
    }),
  ),
});
export type StudentReport = z.infer<typeof studentReportResponse>;

/** Teacher usage: who gives how much (points and counts by category), how often (days given, last given); who has not given this week. */
export const teacherUsageResponse = appliedRange.extend({
  rows: z.array(
    givenSums.extend({
      giverId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      daysGiven: int(),
      lastGiven: day().nullable(),
    }),
  ),
  notGivenThisWeek: z.array(
    z.object({ giverId: z.string(), firstName: z.string(), lastName: z.string() }),
  ),
  weekStart: day(),
});
export type TeacherUsageReport = z.infer<typeof teacherUsageResponse>;

/** GET reports/teacher-usage/{id}: to whom one staff member gave in the range, per student. */
export const teacherGivingResponse = appliedRange.extend({
  giver: z.object({ giverId: z.string(), firstName: z.string(), lastName: z.string() }),
  rows: z.array(
    reportStudent.extend({
      ...givenSums.shape,
      /** Of those, given in a class (from a roster screen) rather than from admin giving or a group. */
      inClassCount: int(),
    }),
  ),
});
export type TeacherGivingReport = z.infer<typeof teacherGivingResponse>;

const groupSums = z.object({
  key: z.string(),
  /** The key as people read it: "8th Grade", "Altruismo", "No house" (docs/decisions/106-labels-and-print.md). */
  label: z.string(),
  students: int(),
  earned: int(),
  bonuses: int(),
  flags: int(),
  flagCount: int(),
  spent: int(),
});

/** School students: every student's sums (top earners and most flagged are sorts of it), by grade and house. */
export const schoolStudentsResponse = appliedRange.extend({
  rows: z.array(studentSumsRow),
  byGrade: z.array(groupSums),
  byHouse: z.array(groupSums),
});
export type SchoolStudentsReport = z.infer<typeof schoolStudentsResponse>;

/** School dashboard: totals, trend, house standings, store sales. */
export const schoolDashboardResponse = appliedRange.extend({
  totals: z.object({
    students: int(),
    activeStudents: int(),
    earned: int(),
    bonuses: int(),
    flags: int(),
    flagCount: int(),
    spent: int(),
    orders: int(),
  }),
  trend: z.array(trendPoint),
  trendBy,
  houses: z.array(
    z.object({
      house: z.string(),
      /** As people read it: "Altruismo", or "No house" for the key 'None'. */
      houseName: z.string(),
      students: int(),
      earned: int(),
    }),
  ),
  /** By day or month, as the trend. */
  storeSales: z.array(z.object({ date: day(), spent: int(), orders: int() })),
});
export type SchoolDashboardReport = z.infer<typeof schoolDashboardResponse>;
