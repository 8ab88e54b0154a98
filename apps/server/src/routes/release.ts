import { API } from '@app/domain';
import { routesOf } from '../lib/contract-routes.js';
import { currentRelease } from '../modules/system/service.js';

/** The release the server runs: the web reloads when it changes. */
export const releaseRoutes = routesOf('release', API.release, (app) => {
  const release = currentRelease(app.env);
  return { get: async () => ({ release }) };
});
