import type { Contract } from './define.js';
import { activity } from './activity.js';
import { auth } from './auth.js';
import { badges } from './badges.js';
import { calendar } from './calendar.js';
import { cart } from './cart.js';
import { cashierCodes } from './cashier-codes.js';
import { coaching } from './coaching.js';
import { configuration } from './configuration.js';
import { counter } from './counter.js';
import { dev } from './dev.js';
import { district } from './district.js';
import { dataExports } from './exports.js';
import { goal } from './goal.js';
import { groupTypes } from './group-types.js';
import { guardian } from './guardian.js';
import { notifications } from './notifications.js';
import { order } from './order.js';
import { periods } from './periods.js';
import { products } from './products.js';
import { profile } from './profile.js';
import { release } from './release.js';
import { reports } from './reports.js';
import { roster } from './roster.js';
import { schoolYears } from './school-years.js';
import { school } from './school.js';
import { settings } from './settings.js';
import { setup } from './setup.js';
import { signInCards } from './sign-in-cards.js';
import { status } from './status.js';
import { store } from './store.js';
import { students } from './students.js';
import { surveys } from './surveys.js';
import { uploads } from './uploads.js';
import { utility } from './utility.js';

export * from './define.js';
export * from './route-table.js';
export { ALIASES } from './aliases.js';

/**
 * Every area of the API by its URL prefix: the one list the server registers, the web calls and the
 * tests sweep. Aliases (one handler answering two paths) are listed in ./aliases.ts.
 */
export const API = {
  activity,
  auth,
  badges,
  calendar,
  cart,
  cashierCodes,
  coaching,
  configuration,
  counter,
  dev,
  district,
  exports: dataExports,
  goal,
  groupTypes,
  guardian,
  notifications,
  order,
  periods,
  products,
  profile,
  release,
  reports,
  roster,
  school,
  schoolYears,
  settings,
  setup,
  signInCards,
  status,
  store,
  students,
  surveys,
  uploads,
  utility,
} as const satisfies Readonly<Record<string, Contract>>;
