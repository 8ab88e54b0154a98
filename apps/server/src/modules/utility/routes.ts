import {
  contactBody,
  contactMessageResponse,
  contactSentResponse,
  periodMetaResponse,
  personResponse,
} from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { hit, withRetryAfter } from '../../lib/rate-limit.js';
import {
  coTeacherCandidates,
  contactMessagesOf,
  periodMeta,
  saveContactMessage,
} from './service.js';

export const utilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/utility/contact',
    {
      config: { public: true, answers: [429] },
      schema: { tags: ['utility'], body: contactBody, response: { 200: contactSentResponse } },
    },
    async (req, reply) => {
      // 5 messages per 10 minutes and 20 per day, per signed-in user, else per address (docs/decisions/004-rate-limits.md).
      const sender = req.auth ? `user:${req.auth.id}` : `address:${req.ip}`;
      await hit(app.db, [
        { key: `contact:${sender}`, max: 5, windowSeconds: 10 * 60 },
        { key: `contact:${sender}`, max: 20, windowSeconds: 24 * 60 * 60 },
      ]).catch(withRetryAfter(reply));
      return saveContactMessage(app.db, req.auth, req.body);
    },
  );

  app.get(
    '/utility/contact',
    {
      config: { action: 'contact:read' },
      schema: { tags: ['utility'], response: { 200: z.array(contactMessageResponse) } },
    },
    async (req) => contactMessagesOf(app.db, me(req)),
  );

  app.get(
    '/utility/teacher/period-meta',
    {
      config: { action: 'periodMeta:read' },
      schema: {
        tags: ['utility'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: periodMetaResponse },
      },
    },
    async (req) => periodMeta(app.db, me(req)),
  );

  app.get(
    '/utility/list/co-teachers',
    {
      config: { action: 'coTeachers:list' },
      schema: { tags: ['utility'], response: { 200: z.array(personResponse) } },
    },
    async (req) => coTeacherCandidates(app.db, me(req)),
  );
};
