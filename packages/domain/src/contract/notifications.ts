import { z } from 'zod';
import { notificationsReadBody, notificationsResponse } from '../notifications.js';
import { call } from './define.js';

/** `/api/v1/notifications`: the bell (docs/decisions/108-notifications.md), polled by the screens. */
export const notifications = {
  list: call({
    method: 'GET',
    path: '/api/v1/notifications',
    action: 'notifications:read',
    tags: ['notifications'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: notificationsResponse },
  }),
  /** Marks read every notification up to `upTo` (the newest the student saw). */
  read: call({
    method: 'POST',
    path: '/api/v1/notifications/read',
    action: 'notifications:read',
    tags: ['notifications'],
    body: notificationsReadBody,
    response: { 200: notificationsResponse },
  }),
};
