import { API } from '@app/domain';
import { routesOf } from '../lib/contract-routes.js';
import { devPeriods, devSchools, devUsers } from '../modules/dev/service.js';

/** Developer look-ups; registered only in development mode (the contract's devOnly), so they are 404 otherwise. */
export const devRoutes = routesOf('dev', API.dev, (app) => ({
  schools: async () => devSchools(app.db),
  users: async (req) => devUsers(app.db, req.params.id),
  periods: async (req) => devPeriods(app.db, req.params.id),
}));
