import { hasAnyRole, hasRole } from './roles.js';
import { isElementaryGrade } from './grades.js';
import { allows, scopeFor, type PermissionSubject } from './policy.js';


const isAdmin = (s: PermissionSubject) => hasAnyRole(s.roles, ['SCHOOL_ADMIN', 'SUPER_ADMIN']);

/** docs/spec.md section 6's derived permissions; those about actions read the one table in policy.ts. */
export const can = {
  houseManager: (s: PermissionSubject) => isAdmin(s) || hasRole(s.roles, 'HOUSE_MANAGER'),
  manageSchoolStore: (s: PermissionSubject) => allows(s, 'store:manageSchool'),
  manageTeacherStore: (s: PermissionSubject) => s.periodCount > 0,
  teacherUsageReports: (s: PermissionSubject) => allows(s, 'reports:teacherUsage'),
  schoolStudentReports: (s: PermissionSubject) => allows(s, 'reports:schoolStudents'),
  schoolDashboard: (s: PermissionSubject) => allows(s, 'reports:schoolDashboard'),
  houseSystemOn: (s: PermissionSubject) => s.school.hasHouseSystem,
  houseSystemConfigured: (s: PermissionSubject) =>
    s.school.hasHouseSystem && s.school.isHouseSystemConfigured,
  pickupStore: (s: PermissionSubject) => s.school.storeModel === 'Pickup',
  elementary: (s: PermissionSubject) =>
    s.school.schoolType.includes('Elementary') || isElementaryGrade(s.gradeLevel),
  /** The school's canTeacherGiveAll, true when absent. */
  teacherGiveAll: (s: PermissionSubject) => s.school.canTeacherGiveAll !== false,
  /** Give to any student of the school (admins, give-all, teachers where the school allows). */
  giveToAnyone: (s: PermissionSubject) => scopeFor(s, 'activity:give') === 'school',
  giveActivity: (s: PermissionSubject) => allows(s, 'activity:give'),
  readSchoolContacts: (s: PermissionSubject) => allows(s, 'contact:read'),
  isAdmin,
} as const;

export type Permission = keyof typeof can;
