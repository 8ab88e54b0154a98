import { z } from 'zod';
import { goalBody, goalResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { clearGoal, getGoal, setGoal } from './service.js';

/** A student's saving goal (docs/decisions/107-saving-goals.md): one product, like the cart. */
export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/goal',
    {
      config: { action: 'goals:use' },
      schema: {
        tags: ['goal'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: goalResponse },
      },
    },
    async (req) => getGoal(app.db, me(req)),
  );
  app.put(
    '/goal',
    {
      config: { action: 'goals:use' },
      schema: { tags: ['goal'], body: goalBody, response: { 200: goalResponse } },
    },
    async (req) => setGoal(app.db, me(req), req.body),
  );
  app.delete(
    '/goal',
    {
      config: { action: 'goals:use' },
      schema: { tags: ['goal'], response: { 200: goalResponse } },
    },
    async (req) => clearGoal(app.db, me(req)),
  );
};
