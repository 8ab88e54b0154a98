import type { MessageKey } from './i18n/en/index.js';

/**
 * What a student is told in the app (docs/decisions/108-notifications.md): points received, and an
 * order packaged (ready for pickup), canceled or refunded. No zod here: the header's bell imports
 * this, and the frame's bundle stays without the schemas.
 */
export const NOTIFICATION_KINDS = ['points', 'packaged', 'canceled', 'refunded'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications are kept this many days, read or not. */
export const NOTIFICATION_DAYS = 60;
/** GET notifications lists at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 20;

const pts = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** One notification as a sentence (the screens' word for the currency: points). */
export function notificationText(n: {
  kind: NotificationKind;
  points: number;
  detail: string;
}): string {
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

/** One notification as a catalogue key and its values, for the screens (notificationText is the English). */
export function notificationMessage(n: {
  kind: NotificationKind;
  points: number;
  detail: string;
}): {
  key: MessageKey;
  values: { count: number; detail: string; hasDetail: 'yes' | 'no' };
} {
  const values = { count: n.points, detail: n.detail, hasDetail: n.detail ? 'yes' : 'no' } as const;
  return { key: `notifications.${n.kind}`, values };
}
