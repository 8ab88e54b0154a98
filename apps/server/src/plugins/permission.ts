import fp from 'fastify-plugin';
import { mayDo } from '../access/permission.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { isApiPath } from './api-routes.js';

/**
 * May they do it at all: a route that is not public needs a session (401) whose scope for the
 * route's action is not none (403), checked before the body is parsed
 * (docs/decisions/005-authentication-before-validation.md).
 */
export const permissionPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!isApiPath(req.url)) return;
      const config = req.routeOptions.config;
      if (config.public) return;
      if (!req.auth) throw unauthorized();
      // Unmatched paths go on to the 404 answer; every matched route names its action.
      if (req.routeOptions.url !== undefined && !(config.action && mayDo(req.auth, config.action)))
        throw forbidden();
    });
  },
  { name: 'permission', dependencies: ['session'] },
);
