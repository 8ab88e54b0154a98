import { z } from 'zod';
import { instant, int } from './response-fields.js';

/**
 * What a student is told in the app (docs/decisions/108-notifications.md): points received, and an
 * order packaged (ready for pickup), canceled or refunded.
 */
export const NOTIFICATION_KINDS = ['points', 'packaged', 'canceled', 'refunded'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications are kept this many days, read or not. */
export const NOTIFICATION_DAYS = 60;
/** GET notifications lists at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 20;

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

const pts = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** One notification as a sentence (the screens' word for the currency: points). */
export function notificationText(n: Pick<AppNotification, 'kind' | 'points' | 'detail'>): string {
  const what = n.detail ? `: ${n.detail}` : '';
  switch (n.kind) {
    case 'points':
      return `You received ${pts(n.points)}${what}`;
    case 'packaged':
      return `Your order is ready for pickup${what}`;
    case 'canceled':
      return `Your order was canceled${what}. ${pts(n.points)} went back to your balance.`;
    case 'refunded':
      return `Your order was refunded${what}. ${pts(n.points)} went back to your balance.`;
  }
}
