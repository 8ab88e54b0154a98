import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { readConfiguration, writeConfiguration } from '../modules/configuration/service.js';

/** Configuration entries of a scope: 'global' or the caller's own school. */
export const configurationRoutes = routesOf('configuration', API.configuration, (app) => ({
  get: async (req) => readConfiguration(app.db, me(req), req.params.id),
  set: async (req) => writeConfiguration(app.db, me(req), req.params.id, req.body),
}));
