import { hasAnyRole, type Role } from './roles.js';

/** Every route of docs/spec.md section 2, with its title and whether it is public. */
export const ROUTES = [
  { path: '/', title: 'Home', public: true },
  { path: '/login', title: 'Login', public: true },
  { path: '/login/product', title: 'Login', public: true },
  { path: '/login/:provider', title: 'Signing in', public: true },
  { path: '/login/:provider/initiate', title: 'Signing in', public: true },
  { path: '/account-setup', title: 'Account Setup', public: true },
  { path: '/forgot-password', title: 'Forgot Password', public: true },
  { path: '/reset-password', title: 'Reset Password', public: true },
  { path: '/status', title: 'Status', public: true },
  { path: '/contact', title: 'Contact Us', public: true },
  { path: '/how-to-earn', title: 'How To Earn', public: false },
  { path: '/store', title: 'Store', public: false },
  { path: '/orders', title: 'Orders', public: false },
  { path: '/classes', title: 'Classes', public: false },
  { path: '/class/:internalPeriodId', title: 'Class', public: false },
  { path: '/rosters', title: 'Rosters', public: false },
  { path: '/dashboard', title: 'Dashboard', public: false },
  { path: '/activity', title: 'My Activity', public: false },
  { path: '/reports', title: 'Reports', public: false },
  { path: '/profile', title: 'Profile', public: false },
  { path: '/bonuses-flags', title: 'Bonuses & Flags', public: false },
  { path: '/calendar', title: 'Calendar', public: false },
  { path: '/pay-period-breakdown', title: 'Pay Period Breakdown', public: false },
  { path: '/settings', title: 'Settings', public: false },
  { path: '/dev', title: 'Developer', public: false },
] as const;

export const PRODUCT_NAME = 'Merit Market';
export const CURRENCY_NAME = 'Merits';

/** Base paths (first segment) every signed-in user may open. */
const EVERYONE = ['/', '/login', '/status', '/how-to-earn', '/contact', '/profile', '/calendar', '/store', '/pay-period-breakdown'];

const BY_ROLE: ReadonlyArray<readonly [readonly Role[], readonly string[]]> = [
  [['TEACHER'], ['/orders', '/classes', '/class', '/rosters', '/reports']],
  [['STUDENT'], ['/orders', '/dashboard', '/activity']],
  [['SCHOOL_ADMIN', 'SUPER_ADMIN'], ['/bonuses-flags', '/settings']],
  [['GIVE_ALL'], ['/bonuses-flags']],
  [['STORE_MANAGER', 'ASSISTANT_STORE_MANAGER'], ['/orders']],
  // The spec's table lets the two report roles in; its navigation also shows Reports to admins and
  // schoolwide reports, and school-dashboard has the dashboard tab (docs/decisions/015-who-opens-reports.md).
  [['TEACHER_USAGE_REPORTS', 'SCHOOL_STUDENT_REPORTS', 'SCHOOL_ADMIN', 'SUPER_ADMIN', 'SCHOOLWIDE_REPORTS', 'SCHOOL_DASHBOARD'], ['/reports']],
  [['HOUSE_MANAGER'], ['/settings']],
];

/** Paths that are open whether or not the visitor is signed in. */
export const PUBLIC_PATHS = ['/', '/login', '/account-setup', '/forgot-password', '/reset-password', '/status', '/contact'];

/** Pages on which a 401 does not send the user to /login. */
export const NO_REDIRECT_ON_401 = ['/login/product', '/login', '/forgot-password', '/reset-password', '/contact', '/status'];

/** "/class/12" → "/class"; "/login/product" → "/login". */
export function basePath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(basePath(pathname));
}

export function allowedBasePaths(roles: readonly string[], opts: { devMode?: boolean } = {}): string[] {
  const out = new Set(EVERYONE);
  for (const [wanted, paths] of BY_ROLE) if (hasAnyRole(roles, wanted)) paths.forEach((p) => out.add(p));
  if (opts.devMode) out.add('/dev');
  return [...out];
}

/** Whether a signed-in user with these roles may open the path (public pages always). */
export function isPathAllowed(roles: readonly string[], pathname: string, opts: { devMode?: boolean } = {}): boolean {
  const base = basePath(pathname);
  if (base === '/dev') return Boolean(opts.devMode);
  if (PUBLIC_PATHS.includes(base)) return true;
  return allowedBasePaths(roles, opts).includes(base);
}

/** Matches a pathname against the route list; undefined means not found. */
export function matchRoute(pathname: string): (typeof ROUTES)[number] | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return ROUTES.find((r) => {
    const rp = r.path.split('/').filter(Boolean);
    return rp.length === parts.length && rp.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

export const pageTitle = (pathname: string): string => {
  const r = matchRoute(pathname);
  return r && r.path !== '/' ? `${r.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
};
