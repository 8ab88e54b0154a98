import type { studentWords as en } from '../en/student.js';
import { basics } from './basics.js';
import { server } from './server.js';
import { profile } from './profile.js';
import { store } from './store.js';
import { orders } from './orders.js';
import { activity } from './activity.js';
import { calendar } from './calendar.js';
import { dashboard } from './dashboard.js';
import { guardian } from './guardian.js';

export const studentWords: Record<keyof typeof en, string> = {
  ...server,
  ...basics,
  ...profile,
  ...store,
  ...orders,
  ...activity,
  ...calendar,
  ...dashboard,
  ...guardian,
};
