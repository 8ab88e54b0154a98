import { z } from 'zod';
import { notificationsReadBody, notificationsResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { listNotifications, markNotificationsRead } from './service.js';

/** The bell (docs/decisions/108-notifications.md): a student's notifications, polled by the screens. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      config: { action: 'notifications:read' },
      schema: {
        tags: ['notifications'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: notificationsResponse },
      },
    },
    async (req) => listNotifications(app.db, me(req)),
  );
  app.post(
    '/notifications/read',
    {
      config: { action: 'notifications:read' },
      schema: {
        tags: ['notifications'],
        body: notificationsReadBody,
        response: { 200: notificationsResponse },
      },
    },
    async (req) => markNotificationsRead(app.db, me(req), req.body),
  );
};
