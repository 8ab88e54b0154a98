import { API } from '@app/domain';
import { publicUrl } from '../env.js';
import { me } from '../lib/auth-context.js';
import { createMailer } from '../lib/mailer.js';
import { routesOf } from '../lib/contract-routes.js';
import {
  createDistrictSchool,
  districtFigures,
  inviteSchoolAdmin,
  listDistrictSchools,
  setSchoolDisabled,
} from '../modules/district/service.js';

/** The district console (docs/decisions/074-districts-and-their-owners.md): super admins, their own district only. */
export const districtRoutes = routesOf('district', API.district, (app) => {
  const baseUrl = publicUrl(app.env);
  const mailer = createMailer(app.env, app.log);
  return {
    schools: async (req) => listDistrictSchools(app.db, me(req)),
    figures: async (req) => districtFigures(app.db, me(req)),
    createSchool: async (req) => createDistrictSchool(app.db, me(req), req.body),
    invite: async (req) =>
      inviteSchoolAdmin(app.db, mailer, baseUrl, me(req), req.params.id, req.body),
    disable: async (req) => setSchoolDisabled(app.db, me(req), req.params.id, true),
    enable: async (req) => setSchoolDisabled(app.db, me(req), req.params.id, false),
  };
});
