import { MSG, type Role } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { surveyAudiencesOf } from '../src/access/surveys.js';
import { checkRoleChange } from '../src/access/users.js';
import type { AuthUser, SchoolRow } from '../src/lib/auth-context.js';

/** The object rules about users: whose roles an actor may set (access/users.ts), who is asked which survey (access/surveys.ts). */
const PLAIN = {
  hasHouseSystem: false,
  isHouseSystemConfigured: false,
  storeModel: 'Delivery',
  schoolType: 'Middle',
  canTeacherGiveAll: true,
  canNonAdminCreateCustomActions: true,
} as SchoolRow;
const user = (id: string, roles: string[]) =>
  ({ id, roles, externalId: id, periodCount: 0, school: PLAIN }) as unknown as AuthUser;

describe('checkRoleChange', () => {
  const admin = user('A', ['SCHOOL_ADMIN']);
  const sup = user('S', ['SUPER_ADMIN']);
  const target = { id: 'T', roles: ['TEACHER'] };
  const ok = (u: AuthUser, t: { id: string; roles: string[] }, wanted: Role[]) => () =>
    checkRoleChange(u, t, wanted);

  it('a school admin sets any role of the school but SUPER_ADMIN and GUARDIAN', () => {
    expect(ok(admin, target, ['TEACHER', 'GIVE_ALL', 'SCHOOL_ADMIN'])).not.toThrow();
    expect(ok(admin, target, ['SUPER_ADMIN'])).toThrow(MSG.roleNotEdited);
    expect(ok(admin, target, ['TEACHER', 'GUARDIAN'])).toThrow(MSG.roleNotEdited);
    // Whether the admin may act on a super admin at all is personToActOn's rule; the editor itself
    // never moves SUPER_ADMIN, kept or not.
    expect(ok(admin, { id: 'T', roles: ['SUPER_ADMIN'] }, [])).toThrow(MSG.roleNotEdited);
  });

  it('a super admin does not grant or remove SUPER_ADMIN in the editor either; other roles, yes', () => {
    expect(ok(sup, target, ['SUPER_ADMIN'])).toThrow(MSG.roleNotEdited);
    expect(ok(sup, { id: 'T', roles: ['SUPER_ADMIN'] }, [])).toThrow(MSG.roleNotEdited);
    expect(ok(sup, { id: 'T', roles: ['SUPER_ADMIN'] }, ['SUPER_ADMIN', 'TEACHER'])).not.toThrow();
  });

  it('nobody hands out a role beyond their own', () => {
    const store = user('M', ['STORE_MANAGER']);
    expect(ok(store, { id: 'T', roles: ['STUDENT'] }, ['STUDENT', 'SCHOOL_ADMIN'])).toThrow(
      MSG.roleAbove,
    );
  });

  it('nobody takes away their own right to set roles; keeping either admin role keeps it', () => {
    expect(ok(admin, { id: 'A', roles: ['SCHOOL_ADMIN'] }, ['TEACHER'])).toThrow(
      'roles: you cannot remove your own admin role',
    );
    const both = user('B', ['SCHOOL_ADMIN', 'SUPER_ADMIN']);
    expect(ok(both, { id: 'B', roles: both.roles }, ['SUPER_ADMIN', 'TEACHER'])).not.toThrow();
    expect(
      ok(admin, { id: 'A', roles: ['SCHOOL_ADMIN'] }, ['SCHOOL_ADMIN', 'STAFF']),
    ).not.toThrow();
  });
});

describe('surveyAudiencesOf', () => {
  it.each([
    [['STUDENT'], ['STUDENT']],
    [['TEACHER'], ['TEACHER']],
    [['TEACHER', 'SCHOOL_ADMIN'], ['TEACHER']],
    [
      ['STUDENT', 'TEACHER'],
      ['STUDENT', 'TEACHER'],
    ],
    [['SCHOOL_ADMIN'], []],
    [['STORE_MANAGER', 'HOUSE_MANAGER'], []],
    [['STAFF', 'STORE_MANAGER'], []],
  ])('roles %j are asked the surveys of %j', (roles, audiences) => {
    expect(surveyAudiencesOf(user('U', roles))).toEqual(audiences);
  });
});
