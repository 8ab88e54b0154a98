import { allows, type PermissionSubject } from './policy.js';
import type { PageWord } from './page-words.js';
import { screenReportTabs } from './report-tabs.js';
import { isPathAllowed } from './routes.js';

export interface NavItem {
  key: string;
  /** English; the screens show PAGE_WORDS[label] (page-words.ts). */
  label: PageWord;
  path: string;
}

/**
 * Side navigation of docs/spec.md section 2, in display order. A link shows when its page opens to the user
 * (the page gate, routes.ts, reads the permission table) and the page has something for them.
 */
export function sideNav(s: PermissionSubject): NavItem[] {
  const opens = (path: string) => isPathAllowed(s, path);
  const items: NavItem[] = [];
  if (opens('/family')) items.push({ key: 'family', label: 'Family', path: '/family' });
  if (opens('/dashboard')) items.push({ key: 'dashboard', label: 'Dashboard', path: '/dashboard' });
  if (opens('/activity')) items.push({ key: 'activity', label: 'My Activity', path: '/activity' });
  if (opens('/bonuses-flags'))
    items.push({ key: 'bonuses-flags', label: 'Bonuses & Flags', path: '/bonuses-flags' });
  if (opens('/classes') && s.periodCount > 0)
    items.push({ key: 'classes', label: 'Classes', path: '/classes' });
  // Gives by badge (issue 35): whoever gives.
  if (opens('/scan')) items.push({ key: 'scan', label: 'Scan', path: '/scan' });
  // A store with a cart is the student's own; their orders too.
  if (opens('/store'))
    items.push({
      key: 'store',
      label: allows(s, 'cart:use') ? 'My Store' : 'Store',
      path: '/store',
    });
  if (opens('/orders'))
    items.push({
      key: 'orders',
      label: allows(s, 'orders:readOwn') ? 'My Orders' : 'Orders',
      path: '/orders',
    });
  // The store counter (issue 35): store managers, their assistants, admins, a cashier.
  if (opens('/store/counter'))
    items.push({ key: 'counter', label: 'Store Counter', path: '/store/counter' });
  // Reports when a tab opens to them: a store manager's Economy, a PBIS coordinator's Fairness too.
  if (opens('/reports') && screenReportTabs(s).length > 0)
    items.push({ key: 'reports', label: 'Reports', path: '/reports' });
  if (opens('/calendar')) items.push({ key: 'calendar', label: 'Calendar', path: '/calendar' });
  // Also in the account menu, but a page one may open is found in the navigation too.
  if (opens('/settings')) items.push({ key: 'settings', label: 'Settings', path: '/settings' });
  // The district console: a district's owners (docs/decisions/074-districts-and-their-owners.md).
  if (opens('/district')) items.push({ key: 'district', label: 'District', path: '/district' });
  return items;
}

/** The pages that are someone's whole app: their home when they open nothing else. */
const ONLY_PAGES = ['family', 'counter'];

/**
 * Where home (/) sends a signed-in user: a guardian with nothing but their family page goes there
 * (docs/decisions/115-guardians.md), a cashier to the store counter (issue 35); everyone else stays
 * on the home page.
 */
export function homePath(s: PermissionSubject): string {
  const items = sideNav(s);
  return items.length === 1 && ONLY_PAGES.includes(items[0]!.key) ? items[0]!.path : '/';
}

export interface MenuItem {
  key: string;
  /** English; the screens show PAGE_WORDS[label] (page-words.ts). */
  label: PageWord;
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
  const items: MenuItem[] = [{ key: 'home', label: 'Home', href: '/', smallScreenOnly: true }];
  // A guardian opens neither the store nor How To Earn (docs/decisions/115-guardians.md).
  if (isPathAllowed(s, '/store'))
    items.push({ key: 'store', label: 'Store', href: '/store', smallScreenOnly: true });
  // Beside the Admin Toolbox, the school's toolbox is named for teachers.
  const adminToolbox = allows(s, 'help:adminToolbox');
  if (adminToolbox)
    items.push({
      key: 'admin-toolbox',
      label: 'Admin Toolbox',
      href: ADMIN_TOOLBOX_URL,
      external: true,
    });
  const toolbox = s.school.teacherToolboxLink ?? '';
  if (allows(s, 'help:toolbox'))
    items.push(
      adminToolbox
        ? { key: 'teacher-toolbox', label: 'Teacher Toolbox', href: toolbox, external: true }
        : { key: 'toolbox', label: 'Toolbox', href: toolbox, external: true },
    );
  if (!hideHowToEarn.includes(s.school.externalId) && isPathAllowed(s, '/how-to-earn'))
    items.push({ key: 'how-to-earn', label: 'How To Earn', href: '/how-to-earn' });
  items.push({ key: 'contact', label: 'Contact Us', href: '/contact' });
  if (isPathAllowed(s, '/settings'))
    items.push({ key: 'settings', label: 'Settings', href: '/settings' });
  items.push({ key: 'terms', label: 'Terms and Policies', href: TERMS_URL, external: true });
  items.push({ key: 'logout', label: 'Logout', href: '/login' });
  return items;
}
