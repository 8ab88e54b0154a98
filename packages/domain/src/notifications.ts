import { z } from 'zod';
import { instant, int } from './response-fields.js';
import { NOTIFICATION_KINDS } from './notification-text.js';

export const notificationResponse = z.object({
  /** Increasing: POST notifications/read marks read up to one of them. */
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The points received, or the order's total. */
  points: int(),
  /** The activities given, or the order's items. */
  detail: z.string(),
  orderId: z.string().nullable(),
  createdAt: instant(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationResponse>;

/** GET notifications: the unread count and the latest ones. */
export const notificationsResponse = z.object({
  unread: int(),
  notifications: z.array(notificationResponse),
});
export type Notifications = z.infer<typeof notificationsResponse>;

/** POST notifications/read: everything up to this id (the newest the student saw) is read. */
export const notificationsReadBody = z.object({
  upTo: z
    .string({ error: 'upTo must be a notification id' })
    .regex(/^\d{1,18}$/, { error: 'upTo must be a notification id' }),
});
export type NotificationsReadBody = z.infer<typeof notificationsReadBody>;
