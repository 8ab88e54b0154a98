import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { coachingOf, givingRatiosOf } from '../modules/reports/coaching.js';

/** A giver's ratio of bonuses to flags against the school's target, and the students nobody has recognised (issue 34). */
export const coachingRoutes = routesOf('coaching', API.coaching, (app) => ({
  me: async (req) => coachingOf(app.db, me(req), req.query),
  givers: async (req) => givingRatiosOf(app.db, me(req), req.query),
}));
