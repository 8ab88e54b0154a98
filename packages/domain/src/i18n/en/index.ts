/* One catalogue per language, in areas (docs/decisions/109-i18n.md); the web loads one language's. */
import { server } from './server.js';
import { common } from './common.js';
import { welcome } from './welcome.js';
import { store } from './store.js';
import { orders } from './orders.js';
import { profile } from './profile.js';
import { classroom } from './classroom.js';
import { activity } from './activity.js';
import { calendar } from './calendar.js';
import { dashboard } from './dashboard.js';
import { rosters } from './rosters.js';
import { reports } from './reports.js';
import { settings } from './settings.js';
import { district } from './district.js';
import { labels } from './labels.js';
import { guardian } from './guardian.js';
import { mail } from './mail.js';
import { layout } from './layout.js';
import { giving } from './giving.js';
import { notifications } from './notifications.js';

export const AREAS = {
  server,
  common,
  welcome,
  layout,
  store,
  orders,
  profile,
  classroom,
  activity,
  calendar,
  dashboard,
  rosters,
  reports,
  settings,
  district,
  labels,
  guardian,
  mail,
  notifications,
};

export const en = {
  ...server,
  ...common,
  ...welcome,
  ...store,
  ...orders,
  ...profile,
  ...classroom,
  ...activity,
  ...calendar,
  ...dashboard,
  ...rosters,
  ...reports,
  ...settings,
  ...district,
  ...labels,
  ...guardian,
  ...mail,
  ...notifications,
  ...layout,
  ...giving,
} as const;

export type MessageKey = keyof typeof en;
