import { describe, expect, it } from 'vitest';
import {
  accountMenu,
  ADMIN_TOOLBOX_URL,
  homePath,
  isPathAllowed,
  roleLabel,
  ROLES,
  scopeFor,
  sideNav,
  TERMS_URL,
  type Action,
  type PermissionSubject,
} from '../src/index.js';
import { subject } from './subject.js';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

const RANK = { none: 0, own: 1, children: 2, periods: 3, school: 4 } as const;
const may = (s: PermissionSubject, action: Action) => scopeFor(s, action) !== 'none';

/**
 * docs/spec.md section 2's side navigation in display order, each link with what it needs, in the
 * permission table's actions (written out independently of the implementation): who sees a link is
 * the table's answer for the subject, never a list of roles here.
 */
const SIDE_NAV: [key: string, shown: (s: PermissionSubject) => boolean][] = [
  ['family', (s) => may(s, 'children:read')],
  ['dashboard', (s) => may(s, 'points:readOwn')],
  ['activity', (s) => may(s, 'points:readOwn')],
  ['bonuses-flags', (s) => RANK[scopeFor(s, 'class:view')] >= RANK.school],
  // A teacher's periods, when they have some.
  ['classes', (s) => may(s, 'periodMeta:read') && s.periodCount > 0],
  // Gives by badge (issue 35): whoever gives.
  ['scan', (s) => may(s, 'activity:give')],
  ['store', (s) => may(s, 'store:browse')],
  // Teachers, store managers and assistants; students as My Orders; not admins (docs/spec.md section 2).
  ['orders', (s) => may(s, 'orders:open')],
  // Store managers, their assistants, admins and a cashier (issue 35).
  ['counter', (s) => may(s, 'counter:use')],
  // Reports when a report opens to them: their periods' (with periods), the school's, or one behind
  // its own permission (a store manager's Economy, a PBIS coordinator's Fairness, the surveys).
  [
    'reports',
    (s) => {
      const classes = scopeFor(s, 'reports:myClasses');
      return (
        may(s, 'reports:open') &&
        (classes === 'school' ||
          (classes !== 'none' && s.periodCount > 0) ||
          (may(s, 'periodMeta:read') && s.periodCount > 0) ||
          may(s, 'reports:teacherUsage') ||
          may(s, 'reports:schoolStudents') ||
          may(s, 'reports:schoolDashboard') ||
          may(s, 'reports:equity') ||
          may(s, 'reports:economy') ||
          may(s, 'surveys:results'))
      );
    },
  ],
  ['calendar', (s) => may(s, 'calendar:read')],
  ['settings', (s) => may(s, 'settings:read')],
  ['district', (s) => may(s, 'district:read')],
];

/** Each role alone and some that combine, with and without periods, house system, give-to-all. */
const FACTS: Parameters<typeof subject>[1][] = [
  {},
  { periodCount: 2 },
  { periodCount: 1, school: { hasHouseSystem: true, canTeacherGiveAll: false } },
];
const ROLE_SETS: string[][] = [
  ...ROLES.map((r) => [r]),
  ['SCHOOL_ADMIN', 'TEACHER'],
  ['TEACHER', 'STUDENT'],
  ['TEACHER', 'TEACHER_USAGE_REPORTS'],
  ['STAFF', 'STORE_MANAGER'],
  ['STAFF', 'HOUSE_MANAGER'],
  [],
];
const SUBJECTS = ROLE_SETS.flatMap((roles) =>
  FACTS.map((over) => ({
    who: `${roles.join('+') || 'no roles'} ${JSON.stringify(over)}`,
    s: subject(roles, over),
  })),
);

describe('homePath', () => {
  it('sends a guardian alone to their family page, and everyone else home', () => {
    expect(homePath(subject(['GUARDIAN']))).toBe('/family');
    expect(homePath(subject(['GUARDIAN', 'TEACHER']))).toBe('/');
    expect(homePath(subject(['STUDENT']))).toBe('/');
    expect(homePath(subject([]))).toBe('/');
  });

  it('sends a cashier, who opens the counter only, to the store counter', () => {
    expect(homePath(subject(['CASHIER']))).toBe('/store/counter');
    expect(homePath(subject(['STORE_MANAGER']))).toBe('/');
  });
});

describe('sideNav (docs/spec.md section 2), in display order, as the permission table answers', () => {
  it.each(SUBJECTS)('$who', ({ s }) => {
    expect(keys(sideNav(s))).toEqual(SIDE_NAV.filter(([, shown]) => shown(s)).map(([key]) => key));
  });

  it.each(SUBJECTS)('$who: no link leads to a page that sends them home', ({ s }) => {
    for (const item of sideNav(s)) expect(isPathAllowed(s, item.path), item.path).toBe(true);
  });

  it('a teacher without periods sees no Classes and, without a report role, no Reports', () => {
    expect(keys(sideNav(subject(['TEACHER'])))).toEqual(['scan', 'store', 'orders', 'calendar']);
    expect(keys(sideNav(subject(['TEACHER'], { periodCount: 1 })))).toEqual([
      'classes',
      'scan',
      'store',
      'orders',
      'reports',
      'calendar',
    ]);
  });

  it("students see 'My Store' and 'My Orders' at the same routes", () => {
    const nav = sideNav(subject(['STUDENT']));
    expect(nav.find((i) => i.key === 'store')).toEqual({
      key: 'store',
      label: 'My Store',
      path: '/store',
    });
    expect(nav.find((i) => i.key === 'orders')).toEqual({
      key: 'orders',
      label: 'My Orders',
      path: '/orders',
    });
    expect(nav.find((i) => i.key === 'activity')).toMatchObject({
      label: 'My Activity',
      path: '/activity',
    });
  });

  it('a school admin sees no Orders, as the specification says (their order calls stay allowed)', () => {
    for (const roles of [['SCHOOL_ADMIN'], ['SUPER_ADMIN']])
      expect(keys(sideNav(subject(roles)))).not.toContain('orders');
    expect(keys(sideNav(subject(['SCHOOL_ADMIN'])))).toEqual([
      'bonuses-flags',
      'scan',
      'store',
      'counter',
      'reports',
      'calendar',
      'settings',
    ]);
    expect(keys(sideNav(subject(['STORE_MANAGER'])))).toContain('orders');
    expect(keys(sideNav(subject(['ASSISTANT_STORE_MANAGER'])))).toContain('orders');
  });

  it("a store manager sees Reports (the store's half of Economy); their assistant does not", () => {
    expect(keys(sideNav(subject(['STORE_MANAGER'])))).toContain('reports');
    expect(keys(sideNav(subject(['ASSISTANT_STORE_MANAGER'])))).not.toContain('reports');
  });

  it('a PBIS coordinator the school names sees Reports, and the page opens to them', () => {
    const coordinator = { ...subject(['STAFF']), pbisCoordinator: true };
    expect(keys(sideNav(coordinator))).toContain('reports');
    expect(isPathAllowed(coordinator, '/reports')).toBe(true);
    expect(keys(sideNav({ ...coordinator, pbisCoordinator: false }))).not.toContain('reports');
  });

  it("everyone else sees 'Store' and 'Orders'", () => {
    const nav = sideNav(subject(['TEACHER'], { periodCount: 1 }));
    expect(nav.find((i) => i.key === 'store')?.label).toBe('Store');
    expect(nav.find((i) => i.key === 'orders')?.label).toBe('Orders');
    expect(nav.find((i) => i.key === 'classes')).toEqual({
      key: 'classes',
      label: 'Classes',
      path: '/classes',
    });
  });

  it('Bonuses & Flags links to /bonuses-flags', () => {
    expect(sideNav(subject(['GIVE_ALL']))[0]).toEqual({
      key: 'bonuses-flags',
      label: 'Bonuses & Flags',
      path: '/bonuses-flags',
    });
  });
});

type MenuSubject = PermissionSubject & {
  school: { externalId: string; teacherToolboxLink: string | null };
};

function menuSubject(
  roles: string[],
  school: {
    hasHouseSystem?: boolean;
    externalId?: string;
    teacherToolboxLink?: string | null;
  } = {},
): MenuSubject {
  const s = subject(roles, { school: { hasHouseSystem: school.hasHouseSystem ?? false } });
  return {
    ...s,
    school: {
      ...s.school,
      externalId: school.externalId ?? 'DEMO',
      teacherToolboxLink: school.teacherToolboxLink ?? 'https://toolbox.example/demo',
    },
  };
}

/** The account menu's links that depend on the user, with what they need in the table's actions. */
const toolboxKeys = (s: PermissionSubject) => {
  const admin = may(s, 'help:adminToolbox');
  return [
    ...(admin ? ['admin-toolbox'] : []),
    ...(may(s, 'help:toolbox') ? [admin ? 'teacher-toolbox' : 'toolbox'] : []),
  ];
};

describe('accountMenu (docs/spec.md section 2), as the permission table answers', () => {
  const menuCases = ROLE_SETS.flatMap((roles) =>
    [false, true].map((hasHouseSystem) => ({
      who: `${roles.join('+') || 'no roles'}, house system ${hasHouseSystem}`,
      roles,
      hasHouseSystem,
    })),
  );
  it.each(menuCases)('$who', ({ roles, hasHouseSystem }) => {
    const s = menuSubject(roles, { hasHouseSystem });
    const settings = may(s, 'settings:read') ? ['settings'] : [];
    expect(keys(accountMenu(s, []))).toEqual([
      'home',
      // Links to pages they open: a guardian opens neither the store nor How To Earn.
      ...(may(s, 'store:browse') ? ['store'] : []),
      ...toolboxKeys(s),
      ...(may(s, 'activityOptions:read') ? ['how-to-earn'] : []),
      'contact',
      ...settings,
      'terms',
      'logout',
    ]);
  });

  it('a house manager has Settings only in a school with a house system', () => {
    expect(
      keys(accountMenu(menuSubject(['STAFF', 'HOUSE_MANAGER'], { hasHouseSystem: true }), [])),
    ).toContain('settings');
    expect(
      keys(accountMenu(menuSubject(['STAFF', 'HOUSE_MANAGER'], { hasHouseSystem: false }), [])),
    ).not.toContain('settings');
  });

  it.each([
    ['DELMAR', false],
    ['RIVERA', false],
    ['DEMO', true],
  ])('How To Earn for school %s with DELMAR and RIVERA hidden: %s', (externalId, shown) => {
    for (const roles of [['STUDENT'], ['TEACHER'], ['SCHOOL_ADMIN']]) {
      const menu = keys(accountMenu(menuSubject(roles, { externalId }), ['DELMAR', 'RIVERA']));
      expect(menu.includes('how-to-earn')).toBe(shown);
      expect(menu).toContain('contact');
    }
  });

  it('Home and Store are for small screens only', () => {
    const menu = accountMenu(menuSubject(['TEACHER']), []);
    expect(menu.filter((i) => i.smallScreenOnly).map((i) => i.key)).toEqual(['home', 'store']);
    expect(menu[0]).toMatchObject({ href: '/' });
    expect(menu[1]).toMatchObject({ href: '/store' });
  });

  it("Teacher Toolbox (admins) and Toolbox (others) open the school's toolbox link", () => {
    const link = 'https://toolbox.example/abc';
    const admin = accountMenu(menuSubject(['SCHOOL_ADMIN'], { teacherToolboxLink: link }), []);
    expect(admin.find((i) => i.key === 'teacher-toolbox')).toMatchObject({
      label: 'Teacher Toolbox',
      href: link,
      external: true,
    });
    expect(admin.find((i) => i.key === 'admin-toolbox')).toMatchObject({
      label: 'Admin Toolbox',
      href: ADMIN_TOOLBOX_URL,
      external: true,
    });
    expect(admin.some((i) => i.key === 'toolbox')).toBe(false);
    const teacher = accountMenu(menuSubject(['TEACHER'], { teacherToolboxLink: link }), []);
    expect(teacher.find((i) => i.key === 'toolbox')).toMatchObject({
      label: 'Toolbox',
      href: link,
      external: true,
    });
    expect(teacher.some((i) => i.key === 'teacher-toolbox' || i.key === 'admin-toolbox')).toBe(
      false,
    );
  });

  it('Terms are external, Logout goes to /login, Contact Us to /contact', () => {
    const menu = accountMenu(menuSubject(['STUDENT']), []);
    expect(menu.find((i) => i.key === 'terms')).toMatchObject({
      label: 'Terms and Policies',
      href: TERMS_URL,
      external: true,
    });
    expect(menu.find((i) => i.key === 'logout')).toMatchObject({ label: 'Logout', href: '/login' });
    expect(menu.find((i) => i.key === 'contact')).toMatchObject({
      label: 'Contact Us',
      href: '/contact',
    });
  });
});

describe('roleLabel', () => {
  it.each([
    [['SCHOOL_ADMIN'], 'School Admin'],
    [['SUPER_ADMIN'], 'District Admin'],
    [['SCHOOL_ADMIN', 'SUPER_ADMIN'], 'District Admin'],
    [['TEACHER', 'SCHOOL_ADMIN'], 'School Admin'],
    [['TEACHER'], 'Teacher'],
    [['TEACHER', 'GIVE_ALL'], 'Teacher'],
    [['STUDENT'], 'Student'],
    [['STAFF'], 'Staff'],
    [['STORE_MANAGER'], 'Store Manager'],
    [['STORE_MANAGER', 'ASSISTANT_STORE_MANAGER'], 'Store Manager'],
    [['ASSISTANT_STORE_MANAGER'], 'Store Assistant'],
    [['TEACHER', 'STORE_MANAGER'], 'Teacher'],
    [['HOUSE_MANAGER'], 'Staff'],
    [['GIVE_ALL'], 'Staff'],
    [['SCHOOLWIDE_REPORTS'], 'Staff'],
    [['USER'], 'Staff'],
    [['CASHIER'], 'Cashier'],
  ])('%j → %s', (roles, label) => {
    expect(roleLabel(roles)).toBe(label);
  });
});
