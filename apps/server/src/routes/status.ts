import { API } from '@app/domain';
import { isDevMode } from '../env.js';
import { routesOf } from '../lib/contract-routes.js';
import { causeSummary } from '../lib/errors.js';
import { currentRelease, databaseAndDemo } from '../modules/system/service.js';

/** Whether the server and its database answer: 200, or 503 when the database does not. */
export const statusRoutes = routesOf('status', API.status, (app) => {
  const release = currentRelease(app.env);
  // The web shows /dev only when the server runs in development mode.
  const devMode = isDevMode(app.env);

  return {
    get: async (req, reply) => {
      try {
        const { databaseMs, demo } = await databaseAndDemo(app.db);
        return {
          status: 'ok' as const,
          database: 'ok',
          databaseMs,
          release,
          devMode,
          demo,
          time: new Date().toISOString(),
        };
      } catch (err) {
        req.log.warn({ cause: causeSummary(err) }, 'status: the database did not answer');
        return reply.status(503).send({
          status: 'degraded',
          database: 'unreachable',
          release,
          devMode,
          time: new Date().toISOString(),
        });
      }
    },
  };
});
