import { hasAnyRole, hasRole } from './roles.js';
import { isElementaryGrade } from './grades.js';

/** The facts the derived permissions of spec section 6 are computed from. */
export interface PermissionSubject {
  roles: readonly string[];
  gradeLevel?: string | null;
  periodCount: number;
  school: {
    hasHouseSystem: boolean;
    isHouseSystemConfigured: boolean;
    storeModel: string;
    schoolType: string;
    canTeacherGiveAll?: boolean | null;
  };
}

const isAdmin = (s: PermissionSubject) => hasAnyRole(s.roles, ['SCHOOL_ADMIN', 'SUPER_ADMIN']);
const isSchoolwide = (s: PermissionSubject) => hasRole(s.roles, 'SCHOOLWIDE_REPORTS');

export const can = {
  houseManager: (s: PermissionSubject) => isAdmin(s) || hasRole(s.roles, 'HOUSE_MANAGER'),
  manageSchoolStore: (s: PermissionSubject) => isAdmin(s) || hasRole(s.roles, 'STORE_MANAGER'),
  manageTeacherStore: (s: PermissionSubject) => s.periodCount > 0,
  teacherUsageReports: (s: PermissionSubject) =>
    isAdmin(s) || hasRole(s.roles, 'TEACHER_USAGE_REPORTS') || isSchoolwide(s),
  schoolStudentReports: (s: PermissionSubject) =>
    isAdmin(s) || hasRole(s.roles, 'SCHOOL_STUDENT_REPORTS') || isSchoolwide(s),
  schoolDashboard: (s: PermissionSubject) =>
    isAdmin(s) || hasRole(s.roles, 'SCHOOL_DASHBOARD') || isSchoolwide(s),
  houseSystemOn: (s: PermissionSubject) => s.school.hasHouseSystem,
  houseSystemConfigured: (s: PermissionSubject) =>
    s.school.hasHouseSystem && s.school.isHouseSystemConfigured,
  pickupStore: (s: PermissionSubject) => s.school.storeModel === 'Pickup',
  elementary: (s: PermissionSubject) =>
    s.school.schoolType.includes('Elementary') || isElementaryGrade(s.gradeLevel),
  /** The school's canTeacherGiveAll, true when absent. */
  teacherGiveAll: (s: PermissionSubject) => s.school.canTeacherGiveAll !== false,
  /** Give to any student of the school (admins, give-all, teachers where the school allows). */
  giveToAnyone: (s: PermissionSubject) =>
    isAdmin(s) ||
    hasRole(s.roles, 'GIVE_ALL') ||
    (hasRole(s.roles, 'TEACHER') && s.school.canTeacherGiveAll !== false),
  giveActivity: (s: PermissionSubject) =>
    isAdmin(s) || hasAnyRole(s.roles, ['GIVE_ALL', 'TEACHER']),
  readSchoolContacts: (s: PermissionSubject) => isAdmin(s),
  isAdmin,
} as const;

export type Permission = keyof typeof can;
