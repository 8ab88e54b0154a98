import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { hit, withRetryAfter } from '../lib/rate-limit.js';
import { balanceStats, balancesAt } from '../modules/balances/service.js';
import { contactMessagesOf, saveContactMessage } from '../modules/contact/service.js';
import { academicProjections } from '../modules/dashboard/projections.js';
import { dashboardStats } from '../modules/dashboard/stats.js';
import { coTeacherCandidates, periodMeta } from '../modules/periods/service.js';
import { createUploadUrl } from '../modules/uploads/service.js';

/** The contact form, a teacher's period meta and co-teachers, a student's balances and dashboard, a picture's upload URL. */
export const utilityRoutes = routesOf('utility', API.utility, (app) => ({
  sendContact: async (req, reply) => {
    // 5 messages per 10 minutes and 20 per day, per signed-in user, else per address (docs/decisions/004-rate-limits.md).
    const sender = req.auth ? `user:${req.auth.id}` : `address:${req.ip}`;
    await hit(app.db, [
      { key: `contact:${sender}`, max: 5, windowSeconds: 10 * 60 },
      { key: `contact:${sender}`, max: 20, windowSeconds: 24 * 60 * 60 },
    ]).catch(withRetryAfter(reply));
    return saveContactMessage(app.db, req.auth, req.body);
  },
  contactMessages: async (req) => contactMessagesOf(app.db, me(req)),
  teacherPeriodMeta: async (req) => periodMeta(app.db, me(req)),
  coTeachers: async (req) => coTeacherCandidates(app.db, me(req)),
  balanceStats: async (req) => balanceStats(app.db, me(req), req.query.studentId),
  balancesAt: async (req) => balancesAt(app.db, me(req), req.body.endDates, req.body.studentId),
  dashboardStats: async (req) => dashboardStats(app.db, me(req), req.query),
  projections: async (req) => academicProjections(app.db, me(req), req.query.studentId),
  uploadUrl: async (req, reply) =>
    createUploadUrl(app.db, me(req), req.params.id).catch(withRetryAfter(reply)),
}));
