import { describe, expect, it } from 'vitest';
import {
  allowedBasePaths,
  basePath,
  isPathAllowed,
  isPublicPath,
  matchRoute,
  pageTitle,
  PRODUCT_NAME,
  ROLES,
  ROUTES,
  type Role,
} from '../src/index.js';

/**
 * docs/spec.md section 2, written out independently of the implementation, plus /reports for everyone the
 * side navigation shows Reports to (admins, schoolwide reports) and school-dashboard (docs/decisions/015-who-opens-reports.md).
 */
const EVERY_SIGNED_IN = ['/login', '/login/product', '/status', '/how-to-earn', '/contact', '/profile', '/calendar', '/store', '/pay-period-breakdown'];
const PUBLIC = ['/', '/login', '/login/product', '/login/clever', '/login/classlink/initiate', '/account-setup', '/forgot-password', '/reset-password', '/status', '/contact'];
const EXTRA: Record<Role, string[]> = {
  USER: [],
  SUPER_ADMIN: ['/bonuses-flags', '/settings', '/reports'],
  STUDENT: ['/orders', '/dashboard', '/activity'],
  TEACHER: ['/orders', '/classes', '/class/123', '/rosters', '/reports'],
  STAFF: [],
  SCHOOL_ADMIN: ['/bonuses-flags', '/settings', '/reports'],
  STORE_MANAGER: ['/orders'],
  ASSISTANT_STORE_MANAGER: ['/orders'],
  GIVE_ALL: ['/bonuses-flags'],
  HOUSE_MANAGER: ['/settings'],
  SCHOOLWIDE_REPORTS: ['/reports'],
  SCHOOL_STUDENT_REPORTS: ['/reports'],
  TEACHER_USAGE_REPORTS: ['/reports'],
  SCHOOL_DASHBOARD: ['/reports'],
};

/** One concrete path per route of the spec's route list, plus /dev and an unknown path. */
const PATHS = [
  ...new Set([
    ...PUBLIC,
    ...EVERY_SIGNED_IN,
    '/orders', '/classes', '/class/123', '/rosters', '/dashboard', '/activity', '/reports', '/profile',
    '/bonuses-flags', '/calendar', '/pay-period-breakdown', '/settings', '/dev', '/no-such-page',
  ]),
];

const expectedAllowed = (role: Role, path: string, devMode: boolean) => {
  if (path === '/dev') return devMode;
  return PUBLIC.includes(path) || EVERY_SIGNED_IN.includes(path) || EXTRA[role].includes(path);
};

const roleByPath = ROLES.flatMap((role) => PATHS.map((path) => ({ role, path })));

describe('isPathAllowed: every role × every path of docs/spec.md section 2', () => {
  it.each(roleByPath)('$role → $path', ({ role, path }) => {
    expect(isPathAllowed([role], path)).toBe(expectedAllowed(role, path, false));
  });

  it.each(roleByPath)('$role → $path in dev mode', ({ role, path }) => {
    expect(isPathAllowed([role], path, { devMode: true })).toBe(expectedAllowed(role, path, true));
  });

  it('combines the paths of several roles', () => {
    const roles = ['STAFF', 'HOUSE_MANAGER', 'GIVE_ALL'];
    expect(isPathAllowed(roles, '/settings')).toBe(true);
    expect(isPathAllowed(roles, '/bonuses-flags')).toBe(true);
    expect(isPathAllowed(roles, '/orders')).toBe(false);
  });

  it('a user with no roles still opens public and everyone-paths only', () => {
    expect(isPathAllowed([], '/store')).toBe(true);
    expect(isPathAllowed([], '/orders')).toBe(false);
  });
});

describe('/class/{internalPeriodId} resolves to /class', () => {
  it.each(['/class/123', '/class/abc-def', '/class/123/'])('%s', (path) => {
    expect(basePath(path)).toBe('/class');
    expect(isPathAllowed(['TEACHER'], path)).toBe(true);
    expect(isPathAllowed(['STUDENT'], path)).toBe(false);
  });

  it.each([
    ['/', '/'],
    ['', '/'],
    ['/login/product', '/login'],
    ['/login/clever/initiate', '/login'],
    ['/store/', '/store'],
  ])('basePath(%j) is %s', (path, base) => {
    expect(basePath(path)).toBe(base);
  });
});

describe('allowedBasePaths', () => {
  const base = ['/', '/login', '/status', '/how-to-earn', '/contact', '/profile', '/calendar', '/store', '/pay-period-breakdown'];
  const bases = (paths: string[]) => paths.map(basePath);

  it.each(ROLES)('%s: the everyone-paths plus its own', (role) => {
    const want = [...new Set([...base, ...bases(EXTRA[role])])].sort();
    expect(allowedBasePaths([role]).sort()).toEqual(want);
  });

  it.each(ROLES)('%s: /dev only in dev mode', (role) => {
    expect(allowedBasePaths([role])).not.toContain('/dev');
    expect(allowedBasePaths([role], { devMode: true })).toContain('/dev');
  });
});

describe('public paths', () => {
  it.each(PUBLIC)('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/how-to-earn', '/store', '/orders', '/classes', '/class/1', '/rosters', '/dashboard', '/activity', '/reports', '/profile', '/bonuses-flags', '/calendar', '/pay-period-breakdown', '/settings', '/dev', '/no-such-page'])(
    '%s is behind sign-in',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );

  it('every public route of the route list is a public path and vice versa', () => {
    for (const r of ROUTES) {
      const sample = r.path.replace(':provider', 'clever').replace(':internalPeriodId', '1');
      expect(isPublicPath(sample), r.path).toBe(r.public);
    }
  });
});

describe('matchRoute and pageTitle', () => {
  it.each([
    ['/', '/', 'Home'],
    ['/login', '/login', 'Login'],
    ['/login/product', '/login/product', 'Login'],
    ['/login/clever', '/login/:provider', 'Signing in'],
    ['/login/classlink/initiate', '/login/:provider/initiate', 'Signing in'],
    ['/account-setup', '/account-setup', 'Account Setup'],
    ['/forgot-password', '/forgot-password', 'Forgot Password'],
    ['/reset-password', '/reset-password', 'Reset Password'],
    ['/status', '/status', 'Status'],
    ['/contact', '/contact', 'Contact Us'],
    ['/how-to-earn', '/how-to-earn', 'How To Earn'],
    ['/store', '/store', 'Store'],
    ['/orders', '/orders', 'Orders'],
    ['/classes', '/classes', 'Classes'],
    ['/class/123', '/class/:internalPeriodId', 'Class'],
    ['/rosters', '/rosters', 'Rosters'],
    ['/dashboard', '/dashboard', 'Dashboard'],
    ['/activity', '/activity', 'My Activity'],
    ['/reports', '/reports', 'Reports'],
    ['/profile', '/profile', 'Profile'],
    ['/bonuses-flags', '/bonuses-flags', 'Bonuses & Flags'],
    ['/calendar', '/calendar', 'Calendar'],
    ['/pay-period-breakdown', '/pay-period-breakdown', 'Pay Period Breakdown'],
    ['/settings', '/settings', 'Settings'],
    ['/dev', '/dev', 'Developer'],
    ['/store/', '/store', 'Store'],
  ])('%s matches %s', (pathname, route, title) => {
    expect(matchRoute(pathname)?.path).toBe(route);
    expect(pageTitle(pathname)).toBe(pathname === '/' ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`);
  });

  it.each(['/no-such-page', '/class', '/classes/1', '/class/1/extra', '/login/clever/initiate/x', '/store/items'])(
    'unknown path %s: no route, default title',
    (pathname) => {
      expect(matchRoute(pathname)).toBeUndefined();
      expect(pageTitle(pathname)).toBe(PRODUCT_NAME);
    },
  );

  it('covers every route of the list exactly once', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(ROUTES).toHaveLength(25);
  });
});
