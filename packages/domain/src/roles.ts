import type { MessageKey } from './i18n/en/index.js';

/** The roles an admin hands out (docs/spec.md section 6). */
export const GRANTABLE_ROLES = [
  'SUPER_ADMIN',
  'STUDENT',
  'TEACHER',
  'STAFF',
  'SCHOOL_ADMIN',
  'STORE_MANAGER',
  'ASSISTANT_STORE_MANAGER',
  'GIVE_ALL',
  'HOUSE_MANAGER',
  'SCHOOLWIDE_REPORTS',
  'SCHOOL_STUDENT_REPORTS',
  'TEACHER_USAGE_REPORTS',
  'SCHOOL_DASHBOARD',
] as const;

/**
 * A student's parent or guardian (docs/decisions/115-guardians.md): invited by a school admin for
 * chosen students, or imported from OneRoster; never handed out in the roles editor.
 */
export const GUARDIAN_ROLE = 'GUARDIAN';

/**
 * A store volunteer signed in with a cashier code (issue 35, docs/decisions/139-badges-and-counter.md):
 * the counter's calls and nothing else, until the code's `expiresAt`. Never handed out in the roles
 * editor; the account is made with the code.
 */
export const CASHIER_ROLE = 'CASHIER';

/**
 * Role values of docs/spec.md section 6: USER, every account's base role, the ones an admin hands
 * out, and GUARDIAN. Who may do what is the permission table's answer (policy.ts), never a test of
 * these names.
 */
export const ROLES = ['USER', ...GRANTABLE_ROLES, GUARDIAN_ROLE, CASHIER_ROLE] as const;
export type Role = (typeof ROLES)[number];

/** Each role's name on screen, as a catalogue key (docs/decisions/109-i18n.md). */
export const ROLE_NAME_KEYS: Record<Role, MessageKey> = {
  USER: 'common.roleUser',
  SUPER_ADMIN: 'common.roleSuperAdmin',
  STUDENT: 'common.roleStudent',
  TEACHER: 'common.roleTeacher',
  STAFF: 'common.roleStaff',
  SCHOOL_ADMIN: 'common.roleSchoolAdmin',
  STORE_MANAGER: 'common.roleStoreManager',
  ASSISTANT_STORE_MANAGER: 'common.roleAssistantStoreManager',
  GIVE_ALL: 'common.roleGiveAll',
  HOUSE_MANAGER: 'common.roleHouseManager',
  SCHOOLWIDE_REPORTS: 'common.roleSchoolwideReports',
  SCHOOL_STUDENT_REPORTS: 'common.roleSchoolStudentReports',
  TEACHER_USAGE_REPORTS: 'common.roleTeacherUsageReports',
  SCHOOL_DASHBOARD: 'common.roleSchoolDashboard',
  GUARDIAN: 'common.roleGuardian',
  CASHIER: 'common.roleCashier',
};

/** The header's role label (roleLabel, policy.ts) as a catalogue key. */
export const ROLE_LABEL_KEYS = {
  'District Admin': 'common.roleLabelDistrictAdmin',
  'School Admin': 'common.roleLabelSchoolAdmin',
  'Store Manager': 'common.roleLabelStoreManager',
  'Store Assistant': 'common.roleLabelStoreAssistant',
  Staff: 'common.roleLabelStaff',
  Teacher: 'common.roleLabelTeacher',
  Student: 'common.roleLabelStudent',
  Guardian: 'common.roleLabelGuardian',
  Cashier: 'common.roleLabelCashier',
} as const satisfies Record<string, MessageKey>;
