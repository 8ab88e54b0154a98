import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  releaseResponse,
  statusDegradedResponse,
  statusOkResponse,
  type ReleaseResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_WEB_DIST, isDevMode } from '../../env.js';
import { causeSummary } from '../../lib/errors.js';
import { databaseAndDemo } from './service.js';

/** The release id: RELEASE, else the id the web build wrote, else 'development'. */
function currentRelease(env: { RELEASE?: string; WEB_DIST?: string }): string {
  if (env.RELEASE) return env.RELEASE;
  const file = path.join(env.WEB_DIST ?? DEFAULT_WEB_DIST, 'release.json');
  if (existsSync(file)) {
    try {
      return String(JSON.parse(readFileSync(file, 'utf8')).release);
    } catch {
      /* fall through */
    }
  }
  return 'development';
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const release = currentRelease(app.env);
  const publicRoute = { config: { public: true } } as const;
  // The web shows /dev only when the server runs in development mode.
  const devMode = isDevMode(app.env);

  app.get(
    '/status',
    {
      ...publicRoute,
      schema: {
        tags: ['system'],
        response: { 200: statusOkResponse, 503: statusDegradedResponse },
      },
    },
    async (req, reply) => {
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
  );

  app.get(
    '/release',
    { ...publicRoute, schema: { tags: ['system'], response: { 200: releaseResponse } } },
    async (): Promise<ReleaseResponse> => ({ release }),
  );
};
