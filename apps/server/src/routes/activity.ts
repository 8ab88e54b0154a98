import { API, type OkResponse } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { idempotent } from '../lib/idempotency.js';
import { sendJsonText } from '../lib/serializer.js';
import { classStats, periodStatsDetails } from '../modules/activities/class-stats.js';
import {
  auditTrail,
  deleteActivity,
  presentUpdated,
  undoGive,
  updateActivity,
} from '../modules/activities/edit.js';
import { giveActivities } from '../modules/activities/give.js';
import { listActivities } from '../modules/activities/list.js';
import {
  activityOptions,
  createCustomAction,
  deleteCustomAction,
  presentType,
} from '../modules/activities/types.js';
import { listAbsences, markAbsent, unmarkAbsent } from '../modules/attendance/service.js';
import { classReport } from '../modules/reports/class.js';
import { schoolStudents, teacherUsage } from './reports.js';

/** Points given, their edits and audit, the actions to give, absences (`:id` the student's), class stats, and the spec's reports. */
export const activityRoutes = routesOf('activity', API.activity, (app) => ({
  listAbsences: async (req) => listAbsences(app.db, me(req), req.query.date),
  markAbsent: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) =>
      markAbsent(tx, user, req.params.id, req.body?.date ?? req.query.date),
    ),
  unmarkAbsent: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) =>
      unmarkAbsent(tx, user, req.params.id, req.body?.date ?? req.query.date),
    ),
  give: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) => giveActivities(tx, user, req.body)),
  list: async (req) => sendJsonText(await listActivities(app.db, me(req), req.query)),
  listAudit: async (req) => auditTrail(app.db, me(req), req.query.activityId, req.query.limit),
  update: async (req, reply) =>
    idempotent(app.db, req, reply, async (tx, user) =>
      presentUpdated(await updateActivity(tx, user, req.params.id, req.body)),
    ),
  undoGive: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) => undoGive(tx, user, req.params.id)),
  remove: async (req, reply) =>
    idempotent(app.db, req, reply, async (tx, user): Promise<OkResponse> => {
      await deleteActivity(tx, user, req.params.id);
      return { ok: true };
    }),
  options: async (req) => activityOptions(app.db, me(req)),
  createCustom: async (req) => {
    const user = me(req);
    return presentType(
      await app.db.transaction((tx) => createCustomAction(tx, user, req.body)),
      user,
    );
  },
  deleteCustom: async (req): Promise<OkResponse> => {
    await deleteCustomAction(app.db, me(req), req.params.id);
    return { ok: true };
  },
  classStats: async (req) => classStats(app.db, me(req), req.params.id, req.query.date),
  getPeriodDetails: async (req) =>
    periodStatsDetails(app.db, me(req), req.params.id, req.query.date),
  teacherReport: teacherUsage(app),
  studentReport: schoolStudents(app),
  classReport: async (req) =>
    classReport(app.db, me(req), { ...req.body, periodId: req.body.internalPeriodId }),
}));
