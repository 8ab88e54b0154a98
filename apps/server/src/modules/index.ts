import type { FastifyPluginAsync } from 'fastify';
import { isDevMode } from '../env.js';
import { activityRoutes } from './activities/routes.js';
import { attendanceRoutes } from './attendance/routes.js';
import { authRoutes } from './auth/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { schoolYearRoutes } from './school-years/routes.js';
import { balanceRoutes } from './balances/routes.js';
import { cartRoutes } from './cart/routes.js';
import { configurationRoutes } from './configuration/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { exportRoutes } from './exports/routes.js';
import { deliveryDateRoutes } from './delivery-dates/routes.js';
import { devRoutes } from './dev/routes.js';
import { identityRoutes } from './identity/routes.js';
import { groupTypeRoutes } from './group-types/routes.js';
import { orderRoutes } from './orders/routes.js';
import { periodRoutes } from './periods/routes.js';
import { productRoutes } from './products/routes.js';
import { reportRoutes } from './reports/routes.js';
import { rosterImportRoutes } from './roster-import/routes.js';
import { schoolRoutes } from './school/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { setupRoutes } from './setup/routes.js';
import { districtRoutes } from './district/routes.js';
import { storeRoutes } from './store/routes.js';
import { surveyRoutes } from './surveys/routes.js';
export { iconAssets } from './store/icons.js';
export { uploadAssets } from './uploads/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { systemRoutes } from './system/routes.js';
import { utilityRoutes } from './utility/routes.js';

/** Every API area, mounted under /api/v1. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(identityRoutes);
  await app.register(periodRoutes);
  await app.register(schoolRoutes);
  await app.register(utilityRoutes);
  await app.register(configurationRoutes);
  await app.register(groupTypeRoutes);
  await app.register(attendanceRoutes);
  await app.register(calendarRoutes);
  await app.register(schoolYearRoutes);
  await app.register(activityRoutes);
  await app.register(balanceRoutes);
  await app.register(dashboardRoutes);
  await app.register(productRoutes);
  await app.register(cartRoutes);
  await app.register(storeRoutes);
  await app.register(deliveryDateRoutes);
  await app.register(uploadRoutes);
  await app.register(settingsRoutes);
  await app.register(exportRoutes);
  await app.register(surveyRoutes);
  await app.register(reportRoutes);
  await app.register(rosterImportRoutes);
  await app.register(setupRoutes);
  await app.register(districtRoutes);
  if (isDevMode(app.env)) await app.register(devRoutes);
};

/** The areas the spec puts under /api/v2: orders. */
export const registerV2Modules: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
};
