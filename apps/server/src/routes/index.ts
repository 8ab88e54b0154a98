import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth.js';
import { badgesRoutes } from './badges.js';
import { cartRoutes } from './cart.js';
import { cashierCodesRoutes } from './cashier-codes.js';
import { coachingRoutes } from './coaching.js';
import { counterRoutes } from './counter.js';
import { exportsRoutes } from './exports.js';
import { devRoutes } from './dev.js';
import { goalRoutes } from './goal.js';
import { orderRoutes } from './order.js';
import { periodsRoutes } from './periods.js';
import { productsRoutes } from './products.js';
import { rosterRoutes } from './roster.js';
import { signInCardsRoutes } from './sign-in-cards.js';
import { storeRoutes } from './store.js';
import { uploadsRoutes } from './uploads.js';
import { statusRoutes } from './status.js';
import { releaseRoutes } from './release.js';
import { utilityRoutes } from './utility.js';
import { activityRoutes } from './activity.js';
import { calendarRoutes } from './calendar.js';
import { guardianRoutes } from './guardian.js';
import { notificationsRoutes } from './notifications.js';
import { profileRoutes } from './profile.js';
import { reportsRoutes } from './reports.js';
import { studentsRoutes } from './students.js';
import { surveysRoutes } from './surveys.js';
import { configurationRoutes } from './configuration.js';
import { districtRoutes } from './district.js';
import { groupTypesRoutes } from './group-types.js';
import { schoolRoutes } from './school.js';
import { schoolYearsRoutes } from './school-years.js';
import { settingsRoutes } from './settings.js';
import { setupRoutes } from './setup.js';

/**
 * Every area of the API, one file each named after its URL prefix (docs/decisions/137-one-contract.md).
 * Each registers its handlers against its contract (packages/domain/src/contract/<prefix>.ts).
 */

/** The areas under /api/v1. */
export const v1Routes: FastifyPluginAsync = async (app) => {
  await app.register(statusRoutes);
  await app.register(releaseRoutes);
  await app.register(authRoutes);
  await app.register(periodsRoutes);
  await app.register(schoolRoutes);
  await app.register(utilityRoutes);
  await app.register(configurationRoutes);
  await app.register(groupTypesRoutes);
  await app.register(calendarRoutes);
  await app.register(schoolYearsRoutes);
  await app.register(activityRoutes);
  await app.register(productsRoutes);
  await app.register(cartRoutes);
  await app.register(storeRoutes);
  await app.register(profileRoutes);
  await app.register(uploadsRoutes);
  await app.register(settingsRoutes);
  await app.register(exportsRoutes);
  await app.register(surveysRoutes);
  await app.register(goalRoutes);
  await app.register(notificationsRoutes);
  await app.register(reportsRoutes);
  await app.register(coachingRoutes);
  await app.register(rosterRoutes);
  await app.register(setupRoutes);
  await app.register(districtRoutes);
  await app.register(guardianRoutes);
  await app.register(signInCardsRoutes);
  await app.register(cashierCodesRoutes);
  await app.register(counterRoutes);
  await app.register(badgesRoutes);
  await app.register(studentsRoutes);
  // Its calls are devOnly: registered only in development mode.
  await app.register(devRoutes);
};

/** The areas the spec puts under /api/v2: orders. */
export const v2Routes: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
};
