import { z } from 'zod';
import { daysBetween, MAX_DASHBOARD_DAYS, rangeTooLong } from './dashboard.js';
import { isValidIsoDate } from './school-days.js';

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isValidIsoDate, { error: `${field} must be a date (YYYY-MM-DD)` });

/** The student a staff caller asks about (a student's own calls ignore it). */
const studentId = z.string().max(100).optional();

/** GET utility/student/dashboard/stats: both dates optional (the last 30 days up to today by default). */
export const dashboardStatsQuery = z
  .object({
    startDate: isoDate('startDate').optional(),
    endDate: isoDate('endDate').optional(),
    studentId,
    time: z.string().optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    error: 'startDate must not be after endDate',
    path: ['startDate'],
  })
  .refine(
    (q) => !q.startDate || !q.endDate || daysBetween(q.startDate, q.endDate) <= MAX_DASHBOARD_DAYS,
    { error: rangeTooLong },
  );
export type DashboardStatsQuery = z.infer<typeof dashboardStatsQuery>;

/** GET utility/student/academic-projections. */
export const projectionsQuery = z.object({ studentId, time: z.string().optional() });
