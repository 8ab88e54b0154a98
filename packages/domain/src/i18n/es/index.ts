import type { MessageKey } from '../en/index.js';
import { basics } from './basics.js';
import { server } from './server.js';
import { mail } from './mail.js';
import { fields } from './fields.js';
import { baseWords } from './base.js';
import { staffWords } from './staff.js';
import { studentWords } from './student.js';
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
import { classroom } from './classroom.js';
import { giving } from './giving.js';
import { rosters } from './rosters.js';
import { reports } from './reports.js';
import { settings } from './settings.js';
import { district } from './district.js';
import { scan } from './scan.js';

export const AREAS = {
  server,
  basics,
  common,
  welcome,
  layout,
  notifications,
  profile,
  store,
  orders,
  activity,
  calendar,
  dashboard,
  guardian,
  labels,
  classroom,
  giving,
  rosters,
  reports,
  settings,
  district,
  scan,
  mail,
  fields,
};

export const es: Record<MessageKey, string> = {
  ...server,
  ...basics,
  ...baseWords,
  ...studentWords,
  ...staffWords,
  ...mail,
  ...fields,
};
