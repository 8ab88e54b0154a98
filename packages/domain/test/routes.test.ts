import { describe, expect, it } from 'vitest';
import {
  allowedBasePaths,
  basePath,
  isPathAllowed,
  isPublicPath,
  matchRoute,
  PAGE_NEEDS,
  pageOf,
  pageTitle,
  PRODUCT_NAME,
  ROLES,
  ROUTES,
  scopeFor,
  type Action,
  type PermissionSubject,
} from '../src/index.js';
import { subject } from './subject.js';

/**
 * docs/spec.md section 2's pages, each with the permission-table actions it needs (any one of them; a pair
 * is an action at least at a scope), written out independently of the implementation. Who may open
 * a page is then the table's answer for the subject (policy.ts), never a list of roles here.
 */
type Need = Action | [Action, 'own' | 'periods' | 'school'];
const NEEDS: Record<string, Need[]> = {
  '/how-to-earn': ['activityOptions:read'],
  '/profile': ['session:use'],
  '/calendar': ['calendar:read'],
  '/store': ['store:browse'],
  '/store/counter': ['counter:use'],
  '/pay-period-breakdown': ['calendar:read'],
  '/orders': ['orders:open'],
  '/classes': ['periodMeta:read'],
  '/class/123': ['periodMeta:read'],
  '/rosters': ['periodMeta:read'],
  '/dashboard': ['points:readOwn'],
  '/activity': ['points:readOwn'],
  '/bonuses-flags': [['class:view', 'school']],
  '/scan': ['activity:give'],
  '/reports': ['reports:open'],
  '/settings': ['settings:read'],
  '/dev': ['dev:use'],
  '/district': ['district:read'],
  '/family': ['children:read'],
};
const PUBLIC = [
  '/',
  '/login',
  '/login/product',
  '/login/clever',
  '/login/classlink/initiate',
  '/account-setup',
  '/forgot-password',
  '/reset-password',
  '/status',
  '/contact',
  '/setup',
];
const RANK = { none: 0, own: 1, children: 2, periods: 3, school: 4 } as const;

/** One concrete path per route of the spec's route list, plus /dev and an unknown path. */
const PATHS = [...new Set([...PUBLIC, ...Object.keys(NEEDS), '/no-such-page'])];

const meets = (s: PermissionSubject, need: Need) =>
  typeof need === 'string'
    ? scopeFor(s, need) !== 'none'
    : RANK[scopeFor(s, need[0])] >= RANK[need[1]];

const expectedAllowed = (s: PermissionSubject, path: string, devMode: boolean) => {
  if (path === '/dev' && !devMode) return false;
  if (PUBLIC.includes(path)) return true;
  return (NEEDS[path] ?? []).some((need) => meets(s, need));
};

/**
 * Each role alone and a few that combine, in schools and for users whose facts change a scope:
 * with and without a house system, periods, and teachers who may give to all or not.
 */
const FACTS: { name: string; over: Parameters<typeof subject>[1] }[] = [
  { name: 'no periods, no house system', over: {} },
  {
    name: 'two periods, a house system',
    over: { periodCount: 2, school: { hasHouseSystem: true, isHouseSystemConfigured: true } },
  },
  {
    name: 'teachers give to their periods only',
    over: { periodCount: 1, school: { canTeacherGiveAll: false } },
  },
];
const ROLE_SETS: string[][] = [
  ...ROLES.map((r) => [r]),
  ['TEACHER', 'STUDENT'],
  ['STAFF', 'HOUSE_MANAGER', 'GIVE_ALL'],
  ['TEACHER', 'SCHOOL_ADMIN'],
  [],
  ['JANITOR'],
];
const SUBJECTS = ROLE_SETS.flatMap((roles) =>
  FACTS.map(({ name, over }) => ({
    who: `${roles.join('+') || 'no roles'} (${name})`,
    s: subject(roles, over),
  })),
);
const cases = SUBJECTS.flatMap(({ who, s }) => PATHS.map((path) => ({ who, s, path })));

describe('isPathAllowed: every page of docs/spec.md section 2 × subjects, as the permission table answers', () => {
  it.each(cases)('$who → $path', ({ s, path }) => {
    expect(isPathAllowed(s, path)).toBe(expectedAllowed(s, path, false));
  });

  it.each(cases)('$who → $path in dev mode', ({ s, path }) => {
    expect(isPathAllowed(s, path, { devMode: true })).toBe(expectedAllowed(s, path, true));
  });

  it('names, for every page behind sign-in, the actions it needs', () => {
    const behind = ROUTES.filter((r) => !r.public).map((r) => pageOf(r.path));
    expect(Object.keys(PAGE_NEEDS).sort()).toEqual([...new Set(behind)].sort());
    expect(Object.keys(PAGE_NEEDS).sort()).toEqual(Object.keys(NEEDS).map(pageOf).sort());
  });

  it('every page behind sign-in opens to someone, and none to every role', () => {
    for (const path of Object.keys(NEEDS)) {
      const open = SUBJECTS.filter(({ s }) => isPathAllowed(s, path, { devMode: true }));
      expect(open.length, path).toBeGreaterThan(0);
    }
    for (const path of [
      '/orders',
      '/classes',
      '/dashboard',
      '/bonuses-flags',
      '/reports',
      '/settings',
    ])
      expect(
        ROLES.every((r) => isPathAllowed(subject([r]), path)),
        path,
      ).toBe(false);
  });

  it('/orders: teachers, store managers and their assistants, students (My Orders); not admins, whose order calls stay allowed', () => {
    for (const role of ['TEACHER', 'STORE_MANAGER', 'ASSISTANT_STORE_MANAGER', 'STUDENT'])
      expect(isPathAllowed(subject([role]), '/orders'), role).toBe(true);
    for (const role of ['SCHOOL_ADMIN', 'SUPER_ADMIN']) {
      expect(isPathAllowed(subject([role]), '/orders'), role).toBe(false);
      expect(allowedBasePaths(subject([role])), role).not.toContain('/orders');
      for (const action of ['orders:readStore', 'orders:fulfil', 'orders:act'] as const)
        expect(scopeFor(subject([role]), action), `${role} ${action}`).toBe('school');
    }
    // An admin who also teaches opens it as a teacher.
    expect(isPathAllowed(subject(['SCHOOL_ADMIN', 'TEACHER']), '/orders')).toBe(true);
  });

  it('a user with no roles, or only unknown ones, opens the public pages only', () => {
    for (const roles of [[], ['JANITOR']])
      for (const path of PATHS)
        expect(isPathAllowed(subject(roles), path, { devMode: true }), path).toBe(
          PUBLIC.includes(path),
        );
  });
});

describe('/class/{internalPeriodId} resolves to /class', () => {
  it.each(['/class/123', '/class/abc-def', '/class/123/'])('%s', (path) => {
    expect(basePath(path)).toBe('/class');
    for (const { s } of SUBJECTS)
      expect(isPathAllowed(s, path)).toBe(isPathAllowed(s, '/class/123'));
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
  it.each(SUBJECTS)('$who: the signed-in public pages and every page the table opens', ({ s }) => {
    const want = [
      '/',
      '/login',
      '/status',
      '/contact',
      ...Object.keys(NEEDS).filter((p) => p !== '/dev' && expectedAllowed(s, p, false)),
    ];
    expect(allowedBasePaths(s).sort()).toEqual([...new Set(want.map(pageOf))].sort());
  });

  it.each(ROLES)('%s: /dev only in dev mode (and never for a guardian)', (role) => {
    expect(allowedBasePaths(subject([role]))).not.toContain('/dev');
    const inDev = allowedBasePaths(subject([role]), { devMode: true });
    if (scopeFor(subject([role]), 'dev:use') === 'none') expect(inDev).not.toContain('/dev');
    else expect(inDev).toContain('/dev');
  });

  it('a guardian opens their family page and profile, nothing else of the school', () => {
    expect(allowedBasePaths(subject(['GUARDIAN'])).sort()).toEqual(
      ['/', '/contact', '/family', '/login', '/profile', '/status'].sort(),
    );
  });
});

describe('public paths', () => {
  it.each(PUBLIC)('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/how-to-earn',
    '/store',
    '/orders',
    '/classes',
    '/class/1',
    '/rosters',
    '/dashboard',
    '/activity',
    '/reports',
    '/profile',
    '/bonuses-flags',
    '/scan',
    '/calendar',
    '/pay-period-breakdown',
    '/settings',
    '/dev',
    '/store/counter',
    '/no-such-page',
  ])('%s is behind sign-in', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

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
    ['/scan', '/scan', 'Scan'],
    ['/calendar', '/calendar', 'Calendar'],
    ['/pay-period-breakdown', '/pay-period-breakdown', 'Pay Period Breakdown'],
    ['/settings', '/settings', 'Settings'],
    ['/dev', '/dev', 'Developer'],
    ['/store/', '/store', 'Store'],
    ['/store/counter', '/store/counter', 'Store Counter'],
  ])('%s matches %s', (pathname, route, title) => {
    expect(matchRoute(pathname)?.path).toBe(route);
    expect(pageTitle(pathname)).toBe(
      pathname === '/' ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`,
    );
  });

  it.each([
    '/no-such-page',
    '/class',
    '/classes/1',
    '/class/1/extra',
    '/login/clever/initiate/x',
    '/store/items',
  ])('unknown path %s: no route, default title', (pathname) => {
    expect(matchRoute(pathname)).toBeUndefined();
    expect(pageTitle(pathname)).toBe(PRODUCT_NAME);
  });

  it('covers every route of the list exactly once', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(ROUTES).toHaveLength(30);
  });
});

describe('/store/counter (issue 35): a page of its own under /store', () => {
  it('opens to whoever may use the counter, a cashier who browses no store included', () => {
    expect(pageOf('/store/counter')).toBe('/store/counter');
    expect(pageOf('/store/counter/')).toBe('/store/counter');
    expect(pageOf('/store')).toBe('/store');
    for (const role of ['STORE_MANAGER', 'ASSISTANT_STORE_MANAGER', 'SCHOOL_ADMIN', 'CASHIER'])
      expect(isPathAllowed(subject([role]), '/store/counter'), role).toBe(true);
    expect(isPathAllowed(subject(['CASHIER']), '/store')).toBe(false);
    for (const role of ['STUDENT', 'TEACHER', 'STAFF'])
      expect(isPathAllowed(subject([role]), '/store/counter'), role).toBe(false);
  });

  it('a cashier opens the counter and their profile, nothing else of the school', () => {
    expect(allowedBasePaths(subject(['CASHIER'])).sort()).toEqual(
      ['/', '/contact', '/login', '/profile', '/status', '/store/counter'].sort(),
    );
  });
});
