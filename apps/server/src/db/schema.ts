/*
 * The database's tables, one file per area under schema/ (drizzle-kit reads them all through this
 * file: apps/server/drizzle.config.ts). Every table of a school leads its keys with school_id.
 */
export * from './schema/schools-and-users.js';
export * from './schema/sign-in.js';
export * from './schema/identity.js';
export * from './schema/periods.js';
export * from './schema/calendar.js';
export * from './schema/school-years.js';
export * from './schema/activities.js';
export * from './schema/ledger.js';
export * from './schema/store.js';
export * from './schema/uploads.js';
export * from './schema/settings.js';
export * from './schema/roster-import.js';
export * from './schema/exports.js';
export * from './schema/notifications.js';
export * from './schema/guardians.js';
export * from './schema/pbis.js';
export * from './schema/hallway.js';
