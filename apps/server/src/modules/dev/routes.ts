import { z } from 'zod';
import { devPeriodResponse, devUserResponse, schoolInfoResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devPeriods, devSchools, devUsers } from './service.js';

/** Developer look-ups; registered only in development mode, so they are 404 otherwise. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(100) });

  app.get(
    '/dev/schools',
    {
      config: { action: 'dev:use' },
      schema: { tags: ['dev'], response: { 200: z.array(schoolInfoResponse) } },
    },
    async () => devSchools(app.db),
  );

  app.get(
    '/dev/users/:id',
    {
      config: { action: 'dev:use' },
      schema: { tags: ['dev'], params, response: { 200: z.array(devUserResponse) } },
    },
    async (req) => devUsers(app.db, req.params.id),
  );

  app.get(
    '/dev/periods/:id',
    {
      config: { action: 'dev:use' },
      schema: { tags: ['dev'], params, response: { 200: z.array(devPeriodResponse) } },
    },
    async (req) => devPeriods(app.db, req.params.id),
  );
};
