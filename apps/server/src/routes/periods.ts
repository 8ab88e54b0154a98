import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { getPeriodDetail, listPeriods, setCoTeachers } from '../modules/periods/service.js';

/** Classes (periods): the caller's or the school's, one with its students, its co-teachers. */
export const periodsRoutes = routesOf('periods', API.periods, (app) => ({
  list: async (req) => listPeriods(app.db, me(req), req.query.scope),
  get: async (req) => getPeriodDetail(app.db, me(req), req.params.id),
  setCoTeachers: async (req) => setCoTeachers(app.db, me(req), req.params.id, req.body.coTeachers),
}));
