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
 * Role values of docs/spec.md section 6: USER, every account's base role, and the ones an admin hands out.
 * Who may do what is the permission table's answer (policy.ts), never a test of these names.
 */
export const ROLES = ['USER', ...GRANTABLE_ROLES] as const;
export type Role = (typeof ROLES)[number];
