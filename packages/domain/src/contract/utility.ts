import { z } from 'zod';
import {
  academicProjectionsResponse,
  balancesAtResponse,
  dashboardStatsResponse,
} from '../responses-dashboard.js';
import { balanceStatsResponse } from '../responses-activity.js';
import { uploadUrlResponse } from '../responses-store.js';
import {
  contactMessageResponse,
  contactSentResponse,
  periodMetaResponse,
  personResponse,
} from '../responses.js';
import { contactBody } from '../schemas.js';
import { balanceBody } from '../schemas-activity.js';
import { dashboardStatsQuery, projectionsQuery } from '../schemas-dashboard.js';
import { call } from './define.js';

const timeQuery = z.object({ time: z.string().optional() });

/**
 * `/api/v1/utility`: the contact form, a teacher's period meta and co-teachers, a student's balances
 * and dashboard (a student their own, staff a student they may read by `studentId`), and a
 * product picture's upload URL.
 */
export const utility = {
  /** Public: visitors may write before signing in; a token, when present, ties it to the sender. */
  sendContact: call({
    method: 'POST',
    path: '/api/v1/utility/contact',
    public: true,
    answers: [429],
    tags: ['utility'],
    body: contactBody,
    response: { 200: contactSentResponse },
  }),
  /** The messages sent through the contact form. */
  contactMessages: call({
    method: 'GET',
    path: '/api/v1/utility/contact',
    action: 'contact:read',
    tags: ['utility'],
    response: { 200: z.array(contactMessageResponse) },
  }),
  teacherPeriodMeta: call({
    method: 'GET',
    path: '/api/v1/utility/teacher/period-meta',
    action: 'periodMeta:read',
    tags: ['utility'],
    query: timeQuery,
    response: { 200: periodMetaResponse },
  }),
  /** The staff a teacher may name as co-teachers. */
  coTeachers: call({
    method: 'GET',
    path: '/api/v1/utility/list/co-teachers',
    action: 'coTeachers:list',
    tags: ['utility'],
    response: { 200: z.array(personResponse) },
  }),
  /** The signed-in student's balance stats, or (staff) a student's by internal id. */
  balanceStats: call({
    method: 'GET',
    path: '/api/v1/utility/student/balance/stats',
    action: 'students:read',
    cached: true,
    tags: ['balances'],
    query: z.object({
      studentId: z.string().max(100).optional(),
      time: z.string().optional(),
    }),
    response: { 200: balanceStatsResponse },
  }),
  /** The balance at each end date with earned and spent between them. */
  balancesAt: call({
    method: 'POST',
    path: '/api/v1/utility/student/balance',
    action: 'students:read',
    tags: ['balances'],
    body: balanceBody,
    response: { 200: balancesAtResponse },
  }),
  /** The student dashboard over a range (the last 30 days without one). */
  dashboardStats: call({
    method: 'GET',
    path: '/api/v1/utility/student/dashboard/stats',
    action: 'students:read',
    cached: true,
    tags: ['dashboard'],
    query: dashboardStatsQuery,
    response: { 200: dashboardStatsResponse },
  }),
  projections: call({
    method: 'GET',
    path: '/api/v1/utility/student/academic-projections',
    action: 'students:read',
    tags: ['dashboard'],
    description:
      'Projected balance, gem tier and member level at the end of each remaining pay period (the calendar months of the school year) from the student’s pace.',
    query: projectionsQuery,
    response: { 200: academicProjectionsResponse },
  }),
  uploadUrl: call({
    method: 'GET',
    path: '/api/v1/utility/upload-url/:id',
    action: 'store:upload',
    answers: [409, 429],
    tags: ['uploads'],
    description:
      'A one-time URL to upload a product picture to. At most 30 per 10 minutes and 200 a day per user, 500 an hour per school (429 with Retry-After); 409 when the school keeps its most pictures.',
    params: z.object({ id: z.string().max(100) }),
    response: { 200: uploadUrlResponse },
  }),
};
