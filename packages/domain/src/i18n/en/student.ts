/** The words of the screens students, families and visitors see (docs/decisions/109-i18n.md). */
import { server } from './server.js';
import { common } from './common.js';
import { welcome } from './welcome.js';
import { layout } from './layout.js';
import { notifications } from './notifications.js';
import { profile } from './profile.js';
import { store } from './store.js';
import { orders } from './orders.js';
import { activity } from './activity.js';
import { calendar } from './calendar.js';
import { dashboard } from './dashboard.js';
import { guardian } from './guardian.js';
import { labels } from './labels.js';

export const studentWords = {
  // The server's messages, which some screens also write themselves (formatted without ICU:
  // they take simple arguments only).
  ...server,
  ...common,
  ...welcome,
  ...layout,
  ...notifications,
  ...profile,
  ...store,
  ...orders,
  ...activity,
  ...calendar,
  ...dashboard,
  ...guardian,
  ...labels,
} as const;
