import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { gradeLevels, schoolHouses, schoolStudents } from '../modules/school/service.js';

/** The school's grade levels, houses and students, for pickers and filters. */
export const schoolRoutes = routesOf('school', API.school, (app) => ({
  gradeLevels: async (req) => gradeLevels(app.db, me(req).schoolId),
  students: async (req) => schoolStudents(app.db, me(req).schoolId),
  houses: async (req) => schoolHouses(app.db, me(req).schoolId),
}));
