import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { clearGoal, getGoal, setGoal } from '../modules/goals/service.js';

/** A student's saving goal (docs/decisions/107-saving-goals.md): one product, like the cart. */
export const goalRoutes = routesOf('goal', API.goal, (app) => ({
  get: async (req) => getGoal(app.db, me(req)),
  pin: async (req) => setGoal(app.db, me(req), req.body),
  clear: async (req) => clearGoal(app.db, me(req)),
}));
