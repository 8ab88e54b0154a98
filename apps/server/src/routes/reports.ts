import { API, type ReportFilters } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { classReport } from '../modules/reports/class.js';
import { economyReport } from '../modules/reports/economy.js';
import { equityReport } from '../modules/reports/equity.js';
import { myClassesReport } from '../modules/reports/my-classes.js';
import { reportsMeta } from '../modules/reports/range.js';
import { schoolDashboardReport } from '../modules/reports/school-dashboard.js';
import { schoolStudentsReport } from '../modules/reports/school-students.js';
import { studentReport } from '../modules/reports/student.js';
import { teacherGivingReport } from '../modules/reports/teacher-giving.js';
import { teacherUsageReport } from '../modules/reports/teacher-usage.js';

// The handlers two paths share (packages/domain/src/contract/aliases.ts): the spec's activity reports and the tabs'.
type Filtered = FastifyRequest<{ Querystring: ReportFilters }>;
export const teacherUsage = (app: FastifyInstance) => async (req: Filtered) =>
  teacherUsageReport(app.db, me(req), req.query);
export const schoolStudents = (app: FastifyInstance) => async (req: Filtered) =>
  schoolStudentsReport(app.db, me(req), req.query);

/** The reports screen's tabs (docs/decisions/044-spec-report-calls.md); the spec's three reports are under /activity. */
export const reportsRoutes = routesOf('reports', API.reports, (app) => ({
  meta: async (req) => reportsMeta(app.db, me(req)),
  myClasses: async (req) => myClassesReport(app.db, me(req), req.query),
  getClass: async (req) => classReport(app.db, me(req), req.query),
  student: async (req) => studentReport(app.db, me(req), req.params.id, req.query),
  teacherUsage: teacherUsage(app),
  teacherGiving: async (req) => teacherGivingReport(app.db, me(req), req.params.id, req.query),
  schoolStudents: schoolStudents(app),
  schoolDashboard: async (req) => schoolDashboardReport(app.db, me(req), req.query),
  equity: async (req) => equityReport(app.db, me(req), req.query),
  economy: async (req) => economyReport(app.db, me(req), req.query),
}));
