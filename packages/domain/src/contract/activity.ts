import { z } from 'zod';
import { okResponse } from '../responses.js';
import {
  absenceChangeResponse,
  absenceEntryResponse,
  activitiesRemovedResponse,
  activityItemResponse,
  activityOptionResponse,
  activityOptionsResponse,
  activityUpdatedResponse,
  auditEntryResponse,
  classStatsResponse,
  giveResultResponse,
  periodDayDetailsResponse,
} from '../responses-activity.js';
import { idParam } from '../schemas.js';
import {
  activityListQuery,
  activityUpdateBody,
  bulkGiveBody,
  customActionInput,
  dateQuery,
} from '../schemas-activity.js';
import {
  classReportBody,
  classReportResponse,
  reportFilters,
  schoolStudentsResponse,
  teacherUsageResponse,
} from '../schemas-reports.js';
import { call } from './define.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders } from './idempotency.js';

const idParams = z.object({ id: z.string().max(100) });

/** An absence's change: `:id` is the student's id; the date in the query or the body (the body wins), the school's today without one. */
const absence = {
  tags: ['attendance'],
  headers: idempotencyHeaders,
  params: idParam,
  query: dateQuery,
  body: dateQuery.nullish(),
  response: { 200: absenceChangeResponse },
} as const;

/** `/api/v1/activity`: points given, their edits and audit, the actions to give, absences, class stats and the spec's three reports. */
export const activity = {
  /** The absences of a day. */
  listAbsences: call({
    method: 'GET',
    path: '/api/v1/activity/absent',
    action: 'attendance:read',
    tags: ['attendance'],
    query: dateQuery,
    response: { 200: z.array(absenceEntryResponse) },
  }),
  markAbsent: call({
    method: 'POST',
    path: '/api/v1/activity/absent/:id',
    action: 'attendance:mark',
    ...absence,
    description: `Marks a student absent, taking back the day's attendance points once given. ${IDEMPOTENCY_KEY_DOC}`,
  }),
  unmarkAbsent: call({
    method: 'DELETE',
    path: '/api/v1/activity/absent/:id',
    action: 'attendance:mark',
    ...absence,
    description: `Removes an absence, giving back the day's attendance points once given. ${IDEMPOTENCY_KEY_DOC}`,
  }),
  give: call({
    method: 'POST',
    path: '/api/v1/activity/bulk',
    action: 'activity:give',
    tags: ['activity'],
    description: `Gives activities to students. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    body: bulkGiveBody,
    response: { 200: giveResultResponse },
  }),
  list: call({
    method: 'GET',
    path: '/api/v1/activity/',
    action: 'students:read',
    cached: true,
    tags: ['activity'],
    description:
      'Activities newest first, `limit` (default 50) at a time; the next page: `before` = the `_id` of the last activity of this one (an empty page: no more).',
    query: activityListQuery,
    response: { 200: z.array(activityItemResponse) },
  }),
  /** The audit trail of activity changes, or of one activity. */
  listAudit: call({
    method: 'GET',
    path: '/api/v1/activity/audit',
    action: 'activity:audit',
    tags: ['activity'],
    query: z.object({
      activityId: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      time: z.string().optional(),
    }),
    response: { 200: z.array(auditEntryResponse) },
  }),
  update: call({
    method: 'PUT',
    path: '/api/v1/activity/:id',
    action: 'activity:change',
    tags: ['activity'],
    description: `Changes one activity. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    params: idParams,
    body: activityUpdateBody,
    response: { 200: activityUpdatedResponse },
  }),
  /** Takes one whole give back (the Undo of its toast). */
  undoGive: call({
    method: 'DELETE',
    path: '/api/v1/activity/give/:id',
    action: 'activity:change',
    tags: ['activity'],
    description: `Undoes one give. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    params: idParams,
    response: { 200: activitiesRemovedResponse },
  }),
  remove: call({
    method: 'DELETE',
    path: '/api/v1/activity/:id',
    action: 'activity:change',
    tags: ['activity'],
    description: `Removes one activity. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    params: idParams,
    response: { 200: okResponse },
  }),
  /** The actions a user may give (the school's, their custom ones, power actions). */
  options: call({
    method: 'GET',
    path: '/api/v1/activity/options',
    action: 'activityOptions:read',
    tags: ['activity'],
    response: { 200: activityOptionsResponse },
  }),
  createCustom: call({
    method: 'POST',
    path: '/api/v1/activity/options/custom',
    action: 'customActions:manage',
    tags: ['activity'],
    body: customActionInput,
    response: { 200: activityOptionResponse },
  }),
  deleteCustom: call({
    method: 'DELETE',
    path: '/api/v1/activity/options/custom/:id',
    action: 'customActions:manage',
    tags: ['activity'],
    params: idParams,
    response: { 200: okResponse },
  }),
  /** A class's students with their points of the day (`:id` the period's id). */
  classStats: call({
    method: 'GET',
    path: '/api/v1/activity/class-stats/:id',
    action: 'class:view',
    cached: true,
    tags: ['activity'],
    params: idParams,
    query: dateQuery,
    response: { 200: classStatsResponse },
  }),
  /** What a class's students were given on a day (`:id` the period's id). */
  getPeriodDetails: call({
    method: 'GET',
    path: '/api/v1/activity/period-stats-details/:id',
    action: 'class:view',
    tags: ['activity'],
    params: idParams,
    query: dateQuery,
    response: { 200: periodDayDetailsResponse },
  }),
  /** The spec's teacher report: the same answer as reports.teacherUsage (./aliases.ts). */
  teacherReport: call({
    method: 'GET',
    path: '/api/v1/activity/teacher-report/',
    action: 'reports:teacherUsage',
    tags: ['reports'],
    query: reportFilters,
    response: { 200: teacherUsageResponse },
  }),
  /** The spec's student report: the same answer as reports.schoolStudents (./aliases.ts). */
  studentReport: call({
    method: 'GET',
    path: '/api/v1/activity/student-report/',
    action: 'reports:schoolStudents',
    tags: ['reports'],
    query: reportFilters,
    response: { 200: schoolStudentsResponse },
  }),
  /** The spec's class report, the filters in the body: the same answer as reports.getClass (./aliases.ts). */
  classReport: call({
    method: 'POST',
    path: '/api/v1/activity/class-report',
    action: 'reports:myClasses',
    tags: ['reports'],
    body: classReportBody,
    response: { 200: classReportResponse },
  }),
};
