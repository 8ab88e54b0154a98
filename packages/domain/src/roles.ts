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
 * Role values of docs/spec.md section 6: USER, every account's base role, the ones an admin hands
 * out, and GUARDIAN. Who may do what is the permission table's answer (policy.ts), never a test of
 * these names.
 */
export const ROLES = ['USER', ...GRANTABLE_ROLES, GUARDIAN_ROLE] as const;
export type Role = (typeof ROLES)[number];
