/**
 * The words of the screens students and families open from the home (and the server's messages,
 * which some screens also write: text with simple arguments, formatted without ICU); loaded with
 * the first such screen (docs/decisions/109-i18n.md).
 */
import { basics } from './basics.js';
import { server } from './server.js';
import { profile } from './profile.js';
import { store } from './store.js';
import { orders } from './orders.js';
import { activity } from './activity.js';
import { calendar } from './calendar.js';
import { dashboard } from './dashboard.js';
import { guardian } from './guardian.js';

export const studentWords = {
  ...server,
  ...basics,
  ...profile,
  ...store,
  ...orders,
  ...activity,
  ...calendar,
  ...dashboard,
  ...guardian,
} as const;
