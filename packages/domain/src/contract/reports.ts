import { economyResponse, equityQuery, equityResponse, pbisRangeQuery } from '../schemas-pbis.js';
import { z } from 'zod';
import {
  classReportQuery,
  classReportResponse,
  myClassesResponse,
  reportFilters,
  reportsMetaResponse,
  schoolDashboardResponse,
  schoolStudentsResponse,
  studentReportResponse,
  teacherGivingResponse,
  teacherUsageResponse,
} from '../schemas-reports.js';
import { call } from './define.js';

const idParams = z.object({ id: z.string().max(100) });
const tags = ['reports'];

/**
 * `/api/v1/reports`: what the reports screen's tabs need beyond the spec's three activity reports
 * (docs/decisions/044-spec-report-calls.md); filters go as the query.
 */
export const reports = {
  /** The screen opens for the report roles, so meta has the widest action of the tabs. */
  meta: call({
    method: 'GET',
    path: '/api/v1/reports/meta',
    action: 'reports:open',
    tags,
    response: { 200: reportsMetaResponse },
  }),
  myClasses: call({
    method: 'GET',
    path: '/api/v1/reports/my-classes',
    action: 'reports:myClasses',
    tags,
    query: reportFilters,
    response: { 200: myClassesResponse },
  }),
  /** One class's report, the filters in the query: the same answer as activity.classReport (./aliases.ts). */
  getClass: call({
    method: 'GET',
    path: '/api/v1/reports/class',
    action: 'reports:myClasses',
    tags,
    query: classReportQuery,
    response: { 200: classReportResponse },
  }),
  /** One student's report (`:id` the student's id). */
  student: call({
    method: 'GET',
    path: '/api/v1/reports/student/:id',
    action: 'reports:myClasses',
    tags,
    params: idParams,
    query: reportFilters,
    response: { 200: studentReportResponse },
  }),
  teacherUsage: call({
    method: 'GET',
    path: '/api/v1/reports/teacher-usage',
    action: 'reports:teacherUsage',
    tags,
    query: reportFilters,
    response: { 200: teacherUsageResponse },
  }),
  /** What one teacher gave (`:id` the giver's id). */
  teacherGiving: call({
    method: 'GET',
    path: '/api/v1/reports/teacher-usage/:id',
    action: 'reports:teacherUsage',
    tags,
    params: idParams,
    query: reportFilters,
    response: { 200: teacherGivingResponse },
  }),
  schoolStudents: call({
    method: 'GET',
    path: '/api/v1/reports/school-students',
    action: 'reports:schoolStudents',
    tags,
    query: reportFilters,
    response: { 200: schoolStudentsResponse },
  }),
  schoolDashboard: call({
    method: 'GET',
    path: '/api/v1/reports/school-dashboard',
    action: 'reports:schoolDashboard',
    tags,
    query: reportFilters,
    response: { 200: schoolDashboardResponse },
  }),
  /** Recognition and flags by group, with risk ratios; small groups suppressed (issue 34). */
  equity: call({
    method: 'GET',
    path: '/api/v1/reports/equity',
    action: 'reports:equity',
    tags,
    query: equityQuery,
    response: { 200: equityResponse },
  }),
  /** Merits issued, spent and outstanding by week, givers' spread, and the store's price in weeks of earning. */
  economy: call({
    method: 'GET',
    path: '/api/v1/reports/economy',
    action: 'reports:economy',
    tags,
    query: pbisRangeQuery,
    response: { 200: economyResponse },
  }),
};
