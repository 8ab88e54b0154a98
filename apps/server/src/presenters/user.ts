import {
  isLanguage,
  spanishCurrencyNames,
  type Person,
  type SchoolInfo,
  type SessionUser,
} from '@app/domain';
import type { AuthUser, SchoolRow } from '../lib/auth-context.js';

export const presentSchool = (s: SchoolRow): SchoolInfo => ({
  _id: s.id,
  externalId: s.externalId,
  name: s.name,
  timeZone: s.timeZone,
  teacherToolboxLink: s.teacherToolboxLink,
  hasHouseSystem: s.hasHouseSystem,
  isHouseSystemConfigured: s.isHouseSystemConfigured,
  storeModel: s.storeModel,
  schoolType: s.schoolType,
  canTeacherGiveAll: s.canTeacherGiveAll ?? true,
  canNonAdminCreateCustomActions: s.canNonAdminCreateCustomActions,
  currencyName: s.currencyName,
  currencyNameOne: s.currencyNameOne,
  ...spanishCurrencyNames(s),
  pbisTargetRatio: s.pbisTargetRatio,
  pbisRatioWindow: s.pbisRatioWindow,
  pbisRecognitionDays: s.pbisRecognitionDays,
});

/** The signed-in user as the client sees it; nothing else about the account leaves the server. */
export const presentSessionUser = (u: AuthUser, username: string): SessionUser => ({
  _id: u.id,
  externalId: u.externalId,
  username,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  gradeLevel: u.gradeLevel,
  house: u.house,
  school: presentSchool(u.school),
  periodCount: u.periodCount,
  language: isLanguage(u.language) ? u.language : null,
  pbisCoordinator: u.school.pbisCoordinatorIds.includes(u.id),
});

/** Another person as a teacher or admin sees them in a roster or list. */
export const presentPerson = (u: {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  gradeLevel: string | null;
  house: string | null;
}): Person => ({
  _id: u.id,
  externalId: u.externalId,
  firstName: u.firstName,
  lastName: u.lastName,
  gradeLevel: u.gradeLevel,
  house: u.house,
});
