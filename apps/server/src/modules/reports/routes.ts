import {
  classReportBody,
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
} from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { reportsMeta } from './range.js';
import {
  classReport,
  myClassesReport,
  schoolDashboardReport,
  schoolStudentsReport,
  studentReport,
  teacherGivingReport,
  teacherUsageReport,
} from './service.js';

const idParams = z.object({ id: z.string().max(100) });
const tags = ['reports'];

/** The reports screen's calls (docs/decisions/044-spec-report-calls.md): the spec's three activity reports and /reports/… for the tabs. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's calls.
  app.get(
    '/activity/teacher-report/',
    {
      config: { action: 'reports:teacherUsage' },
      schema: { tags, querystring: reportFilters, response: { 200: teacherUsageResponse } },
    },
    async (req) => teacherUsageReport(app.db, me(req), req.query),
  );
  app.get(
    '/activity/student-report/',
    {
      config: { action: 'reports:schoolStudents' },
      schema: { tags, querystring: reportFilters, response: { 200: schoolStudentsResponse } },
    },
    async (req) => schoolStudentsReport(app.db, me(req), req.query),
  );
  app.post(
    '/activity/class-report',
    {
      config: { action: 'reports:myClasses' },
      schema: { tags, body: classReportBody, response: { 200: classReportResponse } },
    },
    async (req) =>
      classReport(app.db, me(req), { ...req.body, periodId: req.body.internalPeriodId }),
  );

  // What the tabs need beyond them. The screen opens for the report roles, so meta has the widest action of the tabs.
  app.get(
    '/reports/meta',
    {
      config: { action: 'reports:open' },
      schema: { tags, response: { 200: reportsMetaResponse } },
    },
    async (req) => reportsMeta(app.db, me(req)),
  );
  app.get(
    '/reports/my-classes',
    {
      config: { action: 'reports:myClasses' },
      schema: { tags, querystring: reportFilters, response: { 200: myClassesResponse } },
    },
    async (req) => myClassesReport(app.db, me(req), req.query),
  );
  app.get(
    '/reports/class',
    {
      config: { action: 'reports:myClasses' },
      schema: { tags, querystring: classReportQuery, response: { 200: classReportResponse } },
    },
    async (req) => classReport(app.db, me(req), req.query),
  );
  app.get(
    '/reports/student/:id',
    {
      config: { action: 'reports:myClasses' },
      schema: {
        tags,
        params: idParams,
        querystring: reportFilters,
        response: { 200: studentReportResponse },
      },
    },
    async (req) => studentReport(app.db, me(req), req.params.id, req.query),
  );
  app.get(
    '/reports/teacher-usage',
    {
      config: { action: 'reports:teacherUsage' },
      schema: { tags, querystring: reportFilters, response: { 200: teacherUsageResponse } },
    },
    async (req) => teacherUsageReport(app.db, me(req), req.query),
  );
  app.get(
    '/reports/teacher-usage/:id',
    {
      config: { action: 'reports:teacherUsage' },
      schema: {
        tags,
        params: idParams,
        querystring: reportFilters,
        response: { 200: teacherGivingResponse },
      },
    },
    async (req) => teacherGivingReport(app.db, me(req), req.params.id, req.query),
  );
  app.get(
    '/reports/school-students',
    {
      config: { action: 'reports:schoolStudents' },
      schema: { tags, querystring: reportFilters, response: { 200: schoolStudentsResponse } },
    },
    async (req) => schoolStudentsReport(app.db, me(req), req.query),
  );
  app.get(
    '/reports/school-dashboard',
    {
      config: { action: 'reports:schoolDashboard' },
      schema: { tags, querystring: reportFilters, response: { 200: schoolDashboardResponse } },
    },
    async (req) => schoolDashboardReport(app.db, me(req), req.query),
  );
};
