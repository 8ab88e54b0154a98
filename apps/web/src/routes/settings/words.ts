import type { MessageKey, Role, SchoolType, StoreModel } from '@app/domain';
import { roleName } from '../../components/roleName';
import type { Translate } from '../../i18n/useT';

/*
 * Words the domain computes in English (role names, grades, store models, school types), as the
 * settings screens show them in the screens' language (docs/decisions/109-i18n.md).
 */

const ROLE_KEY: Record<Role, MessageKey> = {
  USER: 'settings.role.user',
  SUPER_ADMIN: 'settings.role.superAdmin',
  STUDENT: 'settings.role.student',
  TEACHER: 'settings.role.teacher',
  STAFF: 'settings.role.staff',
  SCHOOL_ADMIN: 'settings.role.schoolAdmin',
  STORE_MANAGER: 'settings.role.storeManager',
  ASSISTANT_STORE_MANAGER: 'settings.role.assistantStoreManager',
  GIVE_ALL: 'settings.role.giveAll',
  HOUSE_MANAGER: 'settings.role.houseManager',
  SCHOOLWIDE_REPORTS: 'settings.role.schoolwideReports',
  SCHOOL_STUDENT_REPORTS: 'settings.role.schoolStudentReports',
  TEACHER_USAGE_REPORTS: 'settings.role.teacherUsageReports',
  SCHOOL_DASHBOARD: 'settings.role.schoolDashboard',
  GUARDIAN: 'settings.role.guardian',
  // A cashier code's account (issue 35): never given in the roles editor, named as the header names it.
  CASHIER: 'common.roleCashier',
};

/** A role's name; a value the list does not know is shown as roleName writes it. */
export const roleWord = (t: Translate, role: string): string => {
  const key = (ROLE_KEY as Record<string, MessageKey | undefined>)[role];
  return key ? t(key) : roleName(role);
};

/** A grade as gradeLabel writes it ("6th Grade", "Kindergarten"), in the screens' language. */
export const gradeWord = (t: Translate, grade: string): string => {
  const n = Number.parseInt(grade, 10);
  if (!Number.isNaN(n)) return t('settings.gradeNumber', { n });
  const named = grade.trim().toLowerCase();
  if (named === 'kindergarten') return t('settings.gradeKindergarten');
  if (named === 'prekindergarten') return t('settings.gradePrekindergarten');
  return grade;
};

export const STORE_MODEL_KEY: Record<StoreModel, MessageKey> = {
  Pickup: 'settings.storeModel.Pickup',
  Delivery: 'settings.storeModel.Delivery',
};

export const SCHOOL_TYPE_KEY: Record<SchoolType, MessageKey> = {
  Elementary: 'settings.schoolType.Elementary',
  Middle: 'settings.schoolType.Middle',
  High: 'settings.schoolType.High',
  'K-8': 'settings.schoolType.K8',
  'K-12': 'settings.schoolType.K12',
};
