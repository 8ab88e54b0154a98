import { describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '../src/index.js';
import { subject } from './subject.js';

/** Role-derived permissions of docs/spec.md section 6, one row per role held alone. */
const T = true;
const F = false;
//                     houseMgr schoolStore usageRep studentRep dashboard admin
const BY_ROLE: Record<Role, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
  USER: [F, F, F, F, F, F],
  SUPER_ADMIN: [T, T, T, T, T, T],
  STUDENT: [F, F, F, F, F, F],
  TEACHER: [F, F, F, F, F, F],
  STAFF: [F, F, F, F, F, F],
  SCHOOL_ADMIN: [T, T, T, T, T, T],
  STORE_MANAGER: [F, T, F, F, F, F],
  ASSISTANT_STORE_MANAGER: [F, F, F, F, F, F],
  GIVE_ALL: [F, F, F, F, F, F],
  HOUSE_MANAGER: [T, F, F, F, F, F],
  SCHOOLWIDE_REPORTS: [F, F, T, T, T, F],
  SCHOOL_STUDENT_REPORTS: [F, F, F, T, F, F],
  TEACHER_USAGE_REPORTS: [F, F, T, F, F, F],
  SCHOOL_DASHBOARD: [F, F, F, F, T, F],
};

describe('role-derived permissions', () => {
  it.each(ROLES.map((role) => [role, ...BY_ROLE[role]] as const))(
    '%s: houseManager=%s manageSchoolStore=%s teacherUsageReports=%s schoolStudentReports=%s schoolDashboard=%s isAdmin=%s',
    (role, houseManager, schoolStore, usage, studentReports, dashboard, admin) => {
      const s = subject([role]);
      expect(can.houseManager(s)).toBe(houseManager);
      expect(can.manageSchoolStore(s)).toBe(schoolStore);
      expect(can.teacherUsageReports(s)).toBe(usage);
      expect(can.schoolStudentReports(s)).toBe(studentReports);
      expect(can.schoolDashboard(s)).toBe(dashboard);
      expect(can.isAdmin(s)).toBe(admin);
      expect(can.readSchoolContacts(s)).toBe(admin);
    },
  );

  it('no roles: nothing', () => {
    const s = subject([]);
    for (const key of ['houseManager', 'manageSchoolStore', 'teacherUsageReports', 'schoolStudentReports', 'schoolDashboard', 'giveActivity', 'giveToAnyone'] as const)
      expect(can[key](s), key).toBe(false);
  });
});

describe('manageTeacherStore: has at least one period', () => {
  it.each([
    [['TEACHER'], 0, false],
    [['TEACHER'], 1, true],
    [['TEACHER'], 5, true],
    [['SCHOOL_ADMIN'], 0, false],
    [['STAFF'], 2, true],
  ])('%j with %i periods → %s', (roles, periodCount, want) => {
    expect(can.manageTeacherStore(subject(roles, { periodCount }))).toBe(want);
  });
});

describe('school flags', () => {
  it.each([
    [false, false, false, false],
    [false, true, false, false],
    [true, false, true, false],
    [true, true, true, true],
  ])('hasHouseSystem=%s configured=%s → on=%s, configured=%s', (hasHouseSystem, isHouseSystemConfigured, on, configured) => {
    const s = subject(['TEACHER'], { school: { hasHouseSystem, isHouseSystemConfigured } });
    expect(can.houseSystemOn(s)).toBe(on);
    expect(can.houseSystemConfigured(s)).toBe(configured);
  });

  it.each([
    ['Pickup', true],
    ['Delivery', false],
    ['pickup', false],
    ['', false],
  ])('storeModel %j → pickup %s', (storeModel, want) => {
    expect(can.pickupStore(subject(['STUDENT'], { school: { storeModel } }))).toBe(want);
  });

  it.each([
    ['Elementary', null, true],
    ['Elementary School', null, true],
    ['K-8 Elementary/Middle', null, true],
    ['Middle', null, false],
    ['High', null, false],
    ['', null, false],
    ['Middle', '3', true],
    ['Middle', '03', true],
    ['Middle', 'Kindergarten', true],
    ['Middle', 'Prekindergarten', true],
    ['Middle', '6', false],
    ['Middle', '12', false],
    ['Elementary', '6', true],
  ])('schoolType %j, grade %j → elementary %s', (schoolType, gradeLevel, want) => {
    expect(can.elementary(subject(['STUDENT'], { gradeLevel, school: { schoolType } }))).toBe(want);
  });
});

describe('teacher give-all follows canTeacherGiveAll (true when absent)', () => {
  it.each([
    [undefined, true],
    [null, true],
    [true, true],
    [false, false],
  ])('canTeacherGiveAll=%s → %s', (canTeacherGiveAll, want) => {
    const s = subject(['TEACHER'], { school: { canTeacherGiveAll } });
    expect(can.teacherGiveAll(s)).toBe(want);
    expect(can.giveToAnyone(s)).toBe(want);
  });

  it.each([
    [['SCHOOL_ADMIN'], true],
    [['SUPER_ADMIN'], true],
    [['GIVE_ALL'], true],
    [['TEACHER'], false],
    [['STAFF'], false],
    [['STUDENT'], false],
  ])('%j may give to anyone even when teachers may not: %s', (roles, want) => {
    expect(can.giveToAnyone(subject(roles, { school: { canTeacherGiveAll: false } }))).toBe(want);
  });

  it.each([
    [['TEACHER'], true],
    [['SCHOOL_ADMIN'], true],
    [['GIVE_ALL'], true],
    [['STUDENT'], false],
    [['STORE_MANAGER'], false],
    [['HOUSE_MANAGER'], false],
  ])('giveActivity %j → %s', (roles, want) => {
    expect(can.giveActivity(subject(roles))).toBe(want);
  });
});
