import { can } from './permissions.js';
import type { PermissionSubject } from './policy.js';
import { hasAnyRole, hasRole } from './roles.js';

export interface NavItem {
  key: string;
  label: string;
  path: string;
}

/** Side navigation of docs/spec.md section 2, in display order. */
export function sideNav(s: PermissionSubject): NavItem[] {
  const student = hasRole(s.roles, 'STUDENT');
  const teacher = hasRole(s.roles, 'TEACHER');
  const items: NavItem[] = [];
  if (student) items.push({ key: 'dashboard', label: 'Dashboard', path: '/dashboard' });
  if (student) items.push({ key: 'activity', label: 'My Activity', path: '/activity' });
  if (can.isAdmin(s) || hasRole(s.roles, 'GIVE_ALL'))
    items.push({ key: 'bonuses-flags', label: 'Bonuses & Flags', path: '/bonuses-flags' });
  if (teacher && s.periodCount > 0) items.push({ key: 'classes', label: 'Classes', path: '/classes' });
  items.push({ key: 'store', label: student ? 'My Store' : 'Store', path: '/store' });
  if (student) items.push({ key: 'orders', label: 'My Orders', path: '/orders' });
  else if (hasAnyRole(s.roles, ['TEACHER', 'STORE_MANAGER', 'ASSISTANT_STORE_MANAGER']))
    items.push({ key: 'orders', label: 'Orders', path: '/orders' });
  const reportRole =
    hasAnyRole(s.roles, ['TEACHER', 'TEACHER_USAGE_REPORTS', 'SCHOOL_STUDENT_REPORTS', 'SCHOOLWIDE_REPORTS']) ||
    can.isAdmin(s);
  const reportPermission = can.teacherUsageReports(s) || can.schoolStudentReports(s);
  if (reportRole && (s.periodCount > 0 || reportPermission))
    items.push({ key: 'reports', label: 'Reports', path: '/reports' });
  items.push({ key: 'calendar', label: 'Calendar', path: '/calendar' });
  return items;
}

export interface MenuItem {
  key: string;
  label: string;
  /** Internal path, or an external href when `external` is set. */
  href: string;
  external?: boolean;
  smallScreenOnly?: boolean;
}

export const ADMIN_TOOLBOX_URL = 'https://support.meritmarket.example/admin-toolbox';
export const TERMS_URL = 'https://meritmarket.example/terms';

/** Account menu of docs/spec.md section 2; `hideHowToEarn` holds the school codes configured to hide it. */
export function accountMenu(
  s: PermissionSubject & { school: { externalId: string; teacherToolboxLink: string | null } },
  hideHowToEarn: readonly string[],
): MenuItem[] {
  const admin = can.isAdmin(s);
  const student = hasRole(s.roles, 'STUDENT');
  const items: MenuItem[] = [
    { key: 'home', label: 'Home', href: '/', smallScreenOnly: true },
    { key: 'store', label: 'Store', href: '/store', smallScreenOnly: true },
  ];
  if (admin) items.push({ key: 'admin-toolbox', label: 'Admin Toolbox', href: ADMIN_TOOLBOX_URL, external: true });
  const toolbox = s.school.teacherToolboxLink ?? '';
  if (admin) items.push({ key: 'teacher-toolbox', label: 'Teacher Toolbox', href: toolbox, external: true });
  else if (!student) items.push({ key: 'toolbox', label: 'Toolbox', href: toolbox, external: true });
  if (!hideHowToEarn.includes(s.school.externalId))
    items.push({ key: 'how-to-earn', label: 'How To Earn', href: '/how-to-earn' });
  items.push({ key: 'contact', label: 'Contact Us', href: '/contact' });
  if (admin || (hasRole(s.roles, 'HOUSE_MANAGER') && s.school.hasHouseSystem))
    items.push({ key: 'settings', label: 'Settings', href: '/settings' });
  items.push({ key: 'terms', label: 'Terms and Policies', href: TERMS_URL, external: true });
  items.push({ key: 'logout', label: 'Logout', href: '/login' });
  return items;
}
