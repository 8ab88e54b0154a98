import {
  loginResponse,
  SCHOOL_MSG,
  setupBody,
  setupStatusResponse,
  type LoginResponse,
  type SetupStatusResponse,
} from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.js';
import { hit, withRetryAfter } from '../../lib/rate-limit.js';
import { signInAs } from '../auth/service.js';
import { runSetup, setupOpen } from './service.js';

/**
 * Setup attempts per address per 15 minutes (the code itself has 59 bits). Per address only: a
 * count over all addresses let a few of them lock everyone out of /setup (issue 31, L2).
 */
const ATTEMPTS_PER_ADDRESS = 10;

/** The first start (docs/decisions/075-setup-code.md): public, and refused for good once a school exists. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setup',
    {
      config: { public: true },
      schema: {
        tags: ['setup'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: setupStatusResponse },
      },
    },
    async (): Promise<SetupStatusResponse> => ({ open: await setupOpen(app.db) }),
  );

  app.post(
    '/setup',
    {
      config: { public: true, answers: [403, 409, 429] },
      schema: { tags: ['setup'], body: setupBody, response: { 200: loginResponse } },
    },
    async (req, reply): Promise<LoginResponse> => {
      // Closed for good once a school exists: refused before the attempt is counted.
      if (!(await setupOpen(app.db))) throw forbidden(SCHOOL_MSG.done);
      await hit(app.db, [
        { key: `setup:address:${req.ip}`, max: ATTEMPTS_PER_ADDRESS, windowSeconds: 15 * 60 },
      ]).catch(withRetryAfter(reply));
      const made = await runSetup(app.db, req.body);
      // The owner is signed in, as POST auth/login would.
      return signInAs(app.db, made, app.env.SESSION_TTL_HOURS);
    },
  );
};
