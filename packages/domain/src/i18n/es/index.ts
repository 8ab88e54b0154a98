import type { MessageKey } from '../en/index.js';
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

export const es: Record<MessageKey, string> = {
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
};
