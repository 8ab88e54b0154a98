import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { setLanguage } from '../modules/auth/service.js';
import { setProfileCustomization } from '../modules/store/service.js';

/** What the signed-in user chooses for themselves: their language, a student's font and icon. */
export const profileRoutes = routesOf('profile', API.profile, (app) => ({
  setLanguage: async (req) => setLanguage(app.db, me(req), req.body.language),
  setCustomization: async (req) => setProfileCustomization(app.db, me(req), req.body),
}));
