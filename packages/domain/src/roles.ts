/** Role values of docs/spec.md section 6. */
export const ROLES = [
  'USER',
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
export type Role = (typeof ROLES)[number];

export const hasRole = (roles: readonly string[], role: Role): boolean => roles.includes(role);
export const hasAnyRole = (roles: readonly string[], wanted: readonly Role[]): boolean =>
  wanted.some((r) => roles.includes(r));

/** Header role label: School Admin, Staff, Teacher or Student (in that precedence). */
export function roleLabel(roles: readonly string[]): 'School Admin' | 'Staff' | 'Teacher' | 'Student' {
  if (hasRole(roles, 'SCHOOL_ADMIN') || hasRole(roles, 'SUPER_ADMIN')) return 'School Admin';
  if (hasRole(roles, 'TEACHER')) return 'Teacher';
  if (hasRole(roles, 'STUDENT')) return 'Student';
  return 'Staff';
}
