import type { studentWords as en } from '../en/student.js';
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

export const studentWords: Record<keyof typeof en, string> = {
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
};
