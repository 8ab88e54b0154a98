import {
  spanishCurrencyNames,
  todayIn,
  type SchoolProfile,
  type SchoolSettings,
  type UserRoles,
} from '@app/domain';
import type { users } from '../db/schema.js';
import type { SchoolRow } from '../lib/auth-context.js';

/** The school's settings as the settings screen shows and changes them. */
export const presentSettings = (s: SchoolRow): SchoolSettings => ({
  hasHouseSystem: s.hasHouseSystem,
  isHouseSystemConfigured: s.isHouseSystemConfigured,
  canNonAdminCreateCustomActions: s.canNonAdminCreateCustomActions,
  canTeacherGiveAll: s.canTeacherGiveAll ?? true,
  adminFlagPoints: s.adminFlagPoints,
  nonAdminFlagPoints: s.nonAdminFlagPoints,
});

/** The school's profile as the School tab shows and changes it (its code only shown). */
export const presentSchoolProfile = (s: SchoolRow): SchoolProfile => ({
  code: s.externalId,
  name: s.name,
  timeZone: s.timeZone,
  schoolType: s.schoolType,
  storeModel: s.storeModel,
  hasHouseSystem: s.hasHouseSystem,
  canTeacherGiveAll: s.canTeacherGiveAll ?? true,
  currencyName: s.currencyName,
  currencyNameOne: s.currencyNameOne,
  ...spanishCurrencyNames(s),
  pbisTargetRatio: s.pbisTargetRatio,
  pbisRatioWindow: s.pbisRatioWindow,
  pbisRecognitionDays: s.pbisRecognitionDays,
  pbisCoordinatorIds: s.pbisCoordinatorIds,
});

/** A user with their roles, as the roles screen lists them; the day they left in the school's `timeZone`. */
export const presentUser = (u: typeof users.$inferSelect, timeZone: string): UserRoles => ({
  _id: u.id,
  externalId: u.externalId,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  gradeLevel: u.gradeLevel,
  house: u.house,
  leftOn: u.leftAt ? todayIn(timeZone, u.leftAt) : null,
});
