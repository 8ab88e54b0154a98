import { describe, expect, it } from 'vitest';
import { accountMenu, ADMIN_TOOLBOX_URL, roleLabel, sideNav, TERMS_URL, type PermissionSubject } from '../src/index.js';
import { subject } from './subject.js';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('sideNav (docs/spec.md section 2), in display order', () => {
  it.each([
    ['student', ['STUDENT'], 0, ['dashboard', 'activity', 'store', 'orders', 'calendar']],
    ['teacher with periods', ['TEACHER'], 2, ['classes', 'store', 'orders', 'reports', 'calendar']],
    ['teacher without periods', ['TEACHER'], 0, ['store', 'orders', 'calendar']],
    ['teacher without periods but usage reports', ['TEACHER', 'TEACHER_USAGE_REPORTS'], 0, ['store', 'orders', 'reports', 'calendar']],
    ['teacher without periods but student reports', ['TEACHER', 'SCHOOL_STUDENT_REPORTS'], 0, ['store', 'orders', 'reports', 'calendar']],
    ['school admin', ['SCHOOL_ADMIN'], 0, ['bonuses-flags', 'store', 'reports', 'calendar']],
    ['super admin', ['SUPER_ADMIN'], 0, ['bonuses-flags', 'store', 'reports', 'calendar']],
    ['admin who also teaches', ['SCHOOL_ADMIN', 'TEACHER'], 1, ['bonuses-flags', 'classes', 'store', 'orders', 'reports', 'calendar']],
    ['give-all', ['STAFF', 'GIVE_ALL'], 0, ['bonuses-flags', 'store', 'calendar']],
    ['store manager', ['STORE_MANAGER'], 0, ['store', 'orders', 'calendar']],
    ['assistant store manager', ['ASSISTANT_STORE_MANAGER'], 0, ['store', 'orders', 'calendar']],
    ['teacher-usage reports', ['TEACHER_USAGE_REPORTS'], 0, ['store', 'reports', 'calendar']],
    ['school-student reports', ['SCHOOL_STUDENT_REPORTS'], 0, ['store', 'reports', 'calendar']],
    ['schoolwide reports', ['STAFF', 'SCHOOLWIDE_REPORTS'], 0, ['store', 'reports', 'calendar']],
    ['dashboard role', ['SCHOOL_DASHBOARD'], 0, ['store', 'calendar']],
    ['house manager', ['STAFF', 'HOUSE_MANAGER'], 0, ['store', 'calendar']],
    ['staff', ['STAFF'], 0, ['store', 'calendar']],
    ['user', ['USER'], 0, ['store', 'calendar']],
    ['staff with a period but no report role', ['STAFF'], 1, ['store', 'calendar']],
  ])('%s', (_name, roles, periodCount, want) => {
    expect(keys(sideNav(subject(roles, { periodCount })))).toEqual(want);
  });

  it("students see 'My Store' and 'My Orders' at the same routes", () => {
    const nav = sideNav(subject(['STUDENT']));
    expect(nav.find((i) => i.key === 'store')).toEqual({ key: 'store', label: 'My Store', path: '/store' });
    expect(nav.find((i) => i.key === 'orders')).toEqual({ key: 'orders', label: 'My Orders', path: '/orders' });
    expect(nav.find((i) => i.key === 'activity')).toMatchObject({ label: 'My Activity', path: '/activity' });
  });

  it("everyone else sees 'Store' and 'Orders'", () => {
    const nav = sideNav(subject(['TEACHER'], { periodCount: 1 }));
    expect(nav.find((i) => i.key === 'store')?.label).toBe('Store');
    expect(nav.find((i) => i.key === 'orders')?.label).toBe('Orders');
    expect(nav.find((i) => i.key === 'classes')).toEqual({ key: 'classes', label: 'Classes', path: '/classes' });
  });

  it('Bonuses & Flags links to /bonuses-flags', () => {
    expect(sideNav(subject(['GIVE_ALL']))[0]).toEqual({ key: 'bonuses-flags', label: 'Bonuses & Flags', path: '/bonuses-flags' });
  });
});

type MenuSubject = PermissionSubject & { school: { externalId: string; teacherToolboxLink: string | null } };

function menuSubject(roles: string[], school: { hasHouseSystem?: boolean; externalId?: string; teacherToolboxLink?: string | null } = {}): MenuSubject {
  const s = subject(roles, { school: { hasHouseSystem: school.hasHouseSystem ?? false } });
  return { ...s, school: { ...s.school, externalId: school.externalId ?? 'DEMO', teacherToolboxLink: school.teacherToolboxLink ?? 'https://toolbox.example/demo' } };
}

describe('accountMenu (docs/spec.md section 2)', () => {
  it.each([
    ['school admin', ['SCHOOL_ADMIN'], false, ['home', 'store', 'admin-toolbox', 'teacher-toolbox', 'how-to-earn', 'contact', 'settings', 'terms', 'logout']],
    ['super admin', ['SUPER_ADMIN'], false, ['home', 'store', 'admin-toolbox', 'teacher-toolbox', 'how-to-earn', 'contact', 'settings', 'terms', 'logout']],
    ['teacher', ['TEACHER'], true, ['home', 'store', 'toolbox', 'how-to-earn', 'contact', 'terms', 'logout']],
    ['student', ['STUDENT'], true, ['home', 'store', 'how-to-earn', 'contact', 'terms', 'logout']],
    ['staff', ['STAFF'], true, ['home', 'store', 'toolbox', 'how-to-earn', 'contact', 'terms', 'logout']],
    ['store manager', ['STORE_MANAGER'], true, ['home', 'store', 'toolbox', 'how-to-earn', 'contact', 'terms', 'logout']],
    ['house manager with a house system', ['STAFF', 'HOUSE_MANAGER'], true, ['home', 'store', 'toolbox', 'how-to-earn', 'contact', 'settings', 'terms', 'logout']],
    ['house manager without a house system', ['STAFF', 'HOUSE_MANAGER'], false, ['home', 'store', 'toolbox', 'how-to-earn', 'contact', 'terms', 'logout']],
  ])('%s', (_name, roles, hasHouseSystem, want) => {
    expect(keys(accountMenu(menuSubject(roles, { hasHouseSystem }), []))).toEqual(want);
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
    expect(admin.find((i) => i.key === 'teacher-toolbox')).toMatchObject({ label: 'Teacher Toolbox', href: link, external: true });
    expect(admin.find((i) => i.key === 'admin-toolbox')).toMatchObject({ label: 'Admin Toolbox', href: ADMIN_TOOLBOX_URL, external: true });
    expect(admin.some((i) => i.key === 'toolbox')).toBe(false);
    const teacher = accountMenu(menuSubject(['TEACHER'], { teacherToolboxLink: link }), []);
    expect(teacher.find((i) => i.key === 'toolbox')).toMatchObject({ label: 'Toolbox', href: link, external: true });
    expect(teacher.some((i) => i.key === 'teacher-toolbox' || i.key === 'admin-toolbox')).toBe(false);
  });

  it('Terms are external, Logout goes to /login, Contact Us to /contact', () => {
    const menu = accountMenu(menuSubject(['STUDENT']), []);
    expect(menu.find((i) => i.key === 'terms')).toMatchObject({ label: 'Terms and Policies', href: TERMS_URL, external: true });
    expect(menu.find((i) => i.key === 'logout')).toMatchObject({ label: 'Logout', href: '/login' });
    expect(menu.find((i) => i.key === 'contact')).toMatchObject({ label: 'Contact Us', href: '/contact' });
  });
});

describe('roleLabel', () => {
  it.each([
    [['SCHOOL_ADMIN'], 'School Admin'],
    [['SUPER_ADMIN'], 'School Admin'],
    [['TEACHER', 'SCHOOL_ADMIN'], 'School Admin'],
    [['TEACHER'], 'Teacher'],
    [['TEACHER', 'GIVE_ALL'], 'Teacher'],
    [['STUDENT'], 'Student'],
    [['STAFF'], 'Staff'],
    [['STORE_MANAGER'], 'Staff'],
    [['ASSISTANT_STORE_MANAGER'], 'Staff'],
    [['HOUSE_MANAGER'], 'Staff'],
    [['GIVE_ALL'], 'Staff'],
    [['SCHOOLWIDE_REPORTS'], 'Staff'],
    [['USER'], 'Staff'],
  ])('%j → %s', (roles, label) => {
    expect(roleLabel(roles)).toBe(label);
  });
});
