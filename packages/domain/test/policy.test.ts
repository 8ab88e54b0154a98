import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  GRANTABLE_ROLES,
  mayGrant,
  onlyStudent,
  rolesCover,
  reaches,
  ROLES,
  scopeFor,
  SURVEY_AUDIENCES,
  surveyAudiences,
  type Action,
} from '../src/index.js';
import { subject } from './subject.js';

/**
 * The permission table as the product means it, one letter per role in ROLES order:
 * USER SUPER_ADMIN STUDENT TEACHER STAFF SCHOOL_ADMIN STORE_MANAGER ASSISTANT_STORE_MANAGER
 * GIVE_ALL HOUSE_MANAGER SCHOOLWIDE_REPORTS SCHOOL_STUDENT_REPORTS TEACHER_USAGE_REPORTS SCHOOL_DASHBOARD
 * GUARDIAN CASHIER.
 * - none, o own, c a guardian's linked children, p the periods they teach, s the whole school. The school here keeps the defaults
 * (teachers give to all, non-admins create custom actions), has no house system and the user no periods.
 */
const EXPECTED: Record<Action, string> = {
  'session:use': 'oooooooooooooooo',
  'school:read': 'sssssssssssssss-',
  'calendar:read': 'ssssssssssssss--',
  'activityOptions:read': 'ssssssssssssss--',
  'configuration:read': 'sssssssssssssss-',
  'store:browse': 'ssssssssssssss--',
  'dev:use': 'ssssssssssssss--',
  'periods:list': '-s-pssssssssss--',
  'periodMeta:read': '---p------------',
  'class:view': '-s-p-s--s-------',
  'periods:coTeachers': '-s-o-s----------',
  'coTeachers:list': '-s-s-s----------',
  'groupTypes:read': '-s-p-s--s-------',
  'groupTypes:manage': '-s-p-s----------',
  'students:read': '-sop-sssssss--c-',
  'students:list': '-s-s-sssssss----',
  'activity:give': '-s-s-s--s-------',
  'activity:giveAllCategories': '-s---s----------',
  'activity:change': '-s-o-s--o-------',
  'activity:audit': '-s---s----------',
  'activity:adminFlagPoints': '-s---s----------',
  'customActions:manage': '-s-o-s--o-------',
  'powerActions:set': '-o-o-o--o-------',
  'attendance:read': '-s-p-s----------',
  'attendance:mark': '-s-p-s----------',
  'calendar:manage': '-s---s----------',
  'contact:read': '-s---s----------',
  'configuration:write': '-s---s----------',
  'configuration:writeGlobal': '-s--------------',
  'store:manageSchool': '-s---ss---------',
  'store:manageTeacher': '----------------',
  'store:upload': '-s---ss---------',
  'cart:use': '--o-------------',
  'orders:place': '--op------------',
  'orders:readOwn': '--o-------------',
  'orders:readStudent': '--o-----------c-',
  'orders:readStore': '-s-o-sss--------',
  'orders:act': '-soo-sss--------',
  'orders:fulfil': '-s---sss--------',
  'counter:use': '-s---sss-------s',
  'cashierCodes:manage': '-s---ss---------',
  'orders:customize': '--o-------------',
  'reports:open': '-s-p-so---ssss--',
  'reports:myClasses': '-s-p-s----ss----',
  'reports:teacherUsage': '-s---s----s-s---',
  'reports:schoolStudents': '-s---s----ss----',
  'reports:schoolDashboard': '-s---s----s--s--',
  'reports:equity': '-s---s----------',
  'reports:economy': '-s---so---------',
  'settings:users': '-s---s----------',
  'settings:houseSystem': '-s---s----------',
  'settings:advanced': '-s---s----------',
  'settings:school': '-s---s----------',
  'settings:read': '-s---s----------',
  'settings:identity': '-s---s----------',
  'district:read': '-s--------------',
  'district:manage': '-s--------------',
  'settings:schoolYear': '-s---s----------',
  'settings:store': '-s---ss---------',
  'surveys:answer': '--oo------------',
  'surveys:results': '-s---s----------',
  'roster:import': '-s---s----------',
  'students:erase': '-s---s----------',
  'students:signIn': '-s-p-s----------',
  'badges:print': '-s-p-s----------',
  'badges:replace': '-s---s----------',
  'guardians:manage': '-s---s----------',
  'data:export': '-s---s----------',
  'data:exportDistrict': '-s--------------',
  'settings:superAdmin': '-s--------------',
  'points:readOwn': '--o-------------',
  'orders:open': '--oo--ss--------',
  'goals:use': '--o-------------',
  'notifications:read': '--o-------------',
  'children:read': '--------------c-',
  'help:adminToolbox': '-s---s----------',
  'help:toolbox': 'ss-sssssssssss--',
};
const LETTER = { none: '-', own: 'o', children: 'c', periods: 'p', school: 's' } as const;

describe('the permission table', () => {
  it('names every action once', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
  });

  it.each(ACTIONS)('%s: each role alone', (action) => {
    expect(ROLES.map((r) => LETTER[scopeFor(subject([r]), action)]).join('')).toBe(
      EXPECTED[action],
    );
  });

  it('a user with no roles, or only unknown ones, may do nothing', () => {
    for (const action of ACTIONS) {
      expect(scopeFor(subject([]), action)).toBe('none');
      expect(scopeFor(subject(['JANITOR']), action)).toBe('none');
    }
  });

  it('several roles give the widest scope of any', () => {
    expect(scopeFor(subject(['TEACHER', 'GIVE_ALL']), 'class:view')).toBe('school');
    expect(scopeFor(subject(['TEACHER', 'SCHOOL_ADMIN']), 'activity:change')).toBe('school');
    expect(scopeFor(subject(['TEACHER', 'STORE_MANAGER']), 'attendance:mark')).toBe('periods');
  });
});

describe('scopes that follow the school and the user', () => {
  it('canTeacherGiveAll widens whom a teacher gives to, and nothing about classes', () => {
    const closed = subject(['TEACHER'], { school: { canTeacherGiveAll: false } });
    expect(scopeFor(closed, 'activity:give')).toBe('periods');
    expect(scopeFor(closed, 'students:list')).toBe('none');
    const open = subject(['TEACHER'], { school: { canTeacherGiveAll: true } });
    expect(scopeFor(open, 'activity:give')).toBe('school');
    for (const s of [open, closed]) {
      expect(scopeFor(s, 'class:view')).toBe('periods');
      expect(scopeFor(s, 'groupTypes:manage')).toBe('periods');
      expect(scopeFor(s, 'activity:change')).toBe('own');
      expect(scopeFor(s, 'attendance:mark')).toBe('periods');
    }
  });

  it('custom actions follow canNonAdminCreateCustomActions, except for admins', () => {
    const off = { school: { canNonAdminCreateCustomActions: false } };
    expect(scopeFor(subject(['TEACHER'], off), 'customActions:manage')).toBe('none');
    expect(scopeFor(subject(['GIVE_ALL'], off), 'customActions:manage')).toBe('none');
    expect(scopeFor(subject(['SCHOOL_ADMIN'], off), 'customActions:manage')).toBe('school');
  });

  it('admins and give-all give to anyone even when teachers may not', () => {
    const closed = { school: { canTeacherGiveAll: false } };
    for (const role of ['SCHOOL_ADMIN', 'SUPER_ADMIN', 'GIVE_ALL'])
      expect(scopeFor(subject([role], closed), 'activity:give'), role).toBe('school');
    for (const role of ['STAFF', 'STUDENT', 'STORE_MANAGER', 'HOUSE_MANAGER'])
      expect(scopeFor(subject([role], closed), 'activity:give'), role).toBe('none');
  });

  it('a teacher store needs a period with students, and the teacher role', () => {
    expect(scopeFor(subject(['TEACHER'], { periodCount: 1 }), 'store:manageTeacher')).toBe('own');
    // Staff who hold a period (an aide the roster puts on one) keep no store: the table, not "has a period", decides.
    expect(scopeFor(subject(['STAFF'], { periodCount: 2 }), 'store:manageTeacher')).toBe('none');
    expect(scopeFor(subject(['SCHOOL_ADMIN'], { periodCount: 2 }), 'store:manageTeacher')).toBe(
      'none',
    );
    expect(scopeFor(subject(['TEACHER'], { periodCount: 0 }), 'store:manageTeacher')).toBe('none');
    expect(scopeFor(subject(['TEACHER'], { periodCount: 1 }), 'store:upload')).toBe('own');
    expect(scopeFor(subject(['TEACHER'], { periodCount: 0 }), 'store:upload')).toBe('none');
  });

  it('house managers reach the house settings only in a school with a house system', () => {
    expect(
      scopeFor(
        subject(['HOUSE_MANAGER'], { school: { hasHouseSystem: true } }),
        'settings:houseSystem',
      ),
    ).toBe('school');
    expect(
      scopeFor(
        subject(['HOUSE_MANAGER'], { school: { hasHouseSystem: false } }),
        'settings:houseSystem',
      ),
    ).toBe('none');
    expect(
      scopeFor(subject(['HOUSE_MANAGER'], { school: { hasHouseSystem: true } }), 'settings:read'),
    ).toBe('school');
    expect(
      scopeFor(subject(['HOUSE_MANAGER'], { school: { hasHouseSystem: false } }), 'settings:read'),
    ).toBe('none');
    for (const hasHouseSystem of [false, true])
      expect(
        scopeFor(subject(['SCHOOL_ADMIN'], { school: { hasHouseSystem } }), 'settings:houseSystem'),
      ).toBe('school');
  });
});

describe('questions the table answers besides scopeFor', () => {
  it('reaches: the scope for the action is at least the one asked', () => {
    expect(reaches(subject(['GIVE_ALL']), 'class:view', 'school')).toBe(true);
    expect(reaches(subject(['TEACHER']), 'class:view', 'school')).toBe(false);
    expect(reaches(subject(['TEACHER']), 'class:view', 'periods')).toBe(true);
    expect(reaches(subject(['TEACHER']), 'class:view', 'own')).toBe(true);
    expect(reaches(subject(['STUDENT']), 'class:view', 'own')).toBe(false);
  });

  it('mayGrant: the editor never sets SUPER_ADMIN or GUARDIAN, and nobody hands out a role above their own', () => {
    for (const role of GRANTABLE_ROLES) {
      expect(mayGrant(subject(['SCHOOL_ADMIN']), role), role).toBe(role !== 'SUPER_ADMIN');
      expect(mayGrant(subject(['SUPER_ADMIN']), role), role).toBe(role !== 'SUPER_ADMIN');
      expect(mayGrant(subject(['STORE_MANAGER']), role), role).toBe(
        ['STORE_MANAGER', 'STUDENT'].includes(role),
      );
    }
    expect(mayGrant(subject(['SUPER_ADMIN']), 'GUARDIAN')).toBe(false);
  });

  it('rolesCover: an actor covers a person when they hold each of the roles or one that reaches further', () => {
    const cases: [actor: string[], person: string[], covers: boolean][] = [
      [['SCHOOL_ADMIN'], ['SUPER_ADMIN'], false],
      [['SCHOOL_ADMIN'], ['SUPER_ADMIN', 'STUDENT'], false],
      [['SCHOOL_ADMIN'], ['SCHOOL_ADMIN'], true],
      [['SCHOOL_ADMIN'], ['TEACHER', 'STORE_MANAGER', 'GUARDIAN'], true],
      [['SUPER_ADMIN'], ['SUPER_ADMIN', 'SCHOOL_ADMIN'], true],
      [['STORE_MANAGER'], ['SCHOOL_ADMIN'], false],
      [['HOUSE_MANAGER', 'STAFF'], ['SCHOOL_ADMIN'], false],
      [['TEACHER'], ['STUDENT', 'USER'], true],
      [['TEACHER'], ['TEACHER'], true],
      [['TEACHER'], ['TEACHER', 'STORE_MANAGER'], false],
      [['STUDENT'], ['STUDENT'], true],
      [['STUDENT'], ['TEACHER'], false],
      [['GUARDIAN'], ['STUDENT'], false],
      [[], ['USER'], false],
      [['SCHOOL_ADMIN'], ['NOT_A_ROLE'], true],
    ];
    for (const [actor, person, covers] of cases)
      expect(rolesCover(actor, person), `${actor} over ${person}`).toBe(covers);
  });

  it('onlyStudent: a student with no other role but the base one', () => {
    expect(onlyStudent(['STUDENT'])).toBe(true);
    expect(onlyStudent(['USER', 'STUDENT'])).toBe(true);
    expect(onlyStudent(['STUDENT', 'STAFF'])).toBe(false);
    expect(onlyStudent(['STUDENT', 'GUARDIAN'])).toBe(false);
    expect(onlyStudent(['TEACHER'])).toBe(false);
    expect(onlyStudent([])).toBe(false);
  });

  it('the survey audiences are the roles that answer surveys', () => {
    const answering = ROLES.filter((r) => scopeFor(subject([r]), 'surveys:answer') !== 'none');
    expect([...SURVEY_AUDIENCES].sort()).toEqual([...answering].sort());
    for (const r of ROLES) expect(surveyAudiences([r])).toEqual(answering.includes(r) ? [r] : []);
  });

  it('the grantable roles are every role but USER, the base role of every account, GUARDIAN (given by an invitation) and CASHIER (made with a cashier code)', () => {
    expect(ROLES.filter((r) => !(GRANTABLE_ROLES as readonly string[]).includes(r))).toEqual([
      'USER',
      'GUARDIAN',
      'CASHIER',
    ]);
  });

  it('a cashier has the counter and their session, nothing else', () => {
    const allowed = ACTIONS.filter((a) => scopeFor(subject(['CASHIER']), a) !== 'none');
    expect(allowed.sort()).toEqual(['counter:use', 'session:use']);
  });

  it('a guardian has nothing of "everyone" but what their row names; with another role they have it', () => {
    expect(scopeFor(subject(['GUARDIAN']), 'store:browse')).toBe('none');
    expect(scopeFor(subject(['GUARDIAN']), 'calendar:read')).toBe('none');
    expect(scopeFor(subject(['GUARDIAN', 'TEACHER']), 'store:browse')).toBe('school');
    expect(scopeFor(subject(['GUARDIAN', 'TEACHER']), 'students:read')).toBe('periods');
  });
});
