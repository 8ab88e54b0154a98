import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let school: SchoolRow;
let admin: UserRow;
let teacher: UserRow;
let otherSchoolUser: UserRow;
let tokens: Record<
  | 'admin'
  | 'teacher'
  | 'student'
  | 'houseManager'
  | 'otherAdmin'
  | 'noHouseManager'
  | 'noHouseAdmin'
  | 'superAdmin',
  string
>;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const noHouses = await makeSchool(db, { hasHouseSystem: false, isHouseSystemConfigured: false });
  const other = await makeSchool(db);
  admin = await makeUser(db, school, ['SCHOOL_ADMIN'], { firstName: 'Ada', lastName: 'Zimmer' });
  teacher = await makeUser(db, school, ['TEACHER'], { firstName: 'Maria', lastName: 'Lopez' });
  otherSchoolUser = await makeUser(db, other, ['TEACHER']);
  tokens = <typeof tokens>{
    admin: await signIn(ctx.app, admin),
    teacher: await signIn(ctx.app, teacher),
    student: await signIn(
      ctx.app,
      await makeUser(db, school, ['STUDENT'], { firstName: 'Maribel', lastName: 'Adams' }),
    ),
    houseManager: await signIn(ctx.app, await makeUser(db, school, ['HOUSE_MANAGER'])),
    superAdmin: await signIn(ctx.app, await makeUser(db, school, ['SUPER_ADMIN'])),
    otherAdmin: await signIn(ctx.app, await makeUser(db, other, ['SCHOOL_ADMIN'])),
    noHouseManager: await signIn(ctx.app, await makeUser(db, noHouses, ['HOUSE_MANAGER'])),
    noHouseAdmin: await signIn(ctx.app, await makeUser(db, noHouses, ['SCHOOL_ADMIN'])),
  };
});

describe('GET settings/users/roles', () => {
  it('401 without a session, 403 for other roles, 400 for a bad filter', async () => {
    expect((await call(ctx.app, 'GET', '/settings/users/roles')).status).toBe(401);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.teacher })).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.houseManager })).status,
    ).toBe(403);
    const bad = await call(ctx.app, 'GET', '/settings/users/roles?role=KING', {
      token: tokens.admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^roles must be among/);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles?limit=0', { token: tokens.admin })).body
        .message,
    ).toMatch(/limit must be at least 1/);
  });

  it('lists the school’s users only, searched from the start of a name and filtered by role', async () => {
    const all = await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.users.map((u: { _id: string }) => u._id)).not.toContain(otherSchoolUser.id);
    const mar = await call(ctx.app, 'GET', '/settings/users/roles?search=mar', {
      token: tokens.admin,
    });
    expect(mar.body.users.map((u: { firstName: string }) => u.firstName).sort()).toEqual([
      'Maria',
      'Maribel',
    ]);
    const lastFirst = await call(
      ctx.app,
      'GET',
      `/settings/users/roles?search=${encodeURIComponent('lopez, ma')}`,
      { token: tokens.admin },
    );
    expect(lastFirst.body.users.map((u: { _id: string }) => u._id)).toEqual([teacher.id]);
    const teachers = await call(ctx.app, 'GET', '/settings/users/roles?role=TEACHER&search=ma', {
      token: tokens.admin,
    });
    expect(teachers.body).toMatchObject({
      total: 1,
      users: [{ _id: teacher.id, roles: ['TEACHER'] }],
    });
    const wild = await call(ctx.app, 'GET', '/settings/users/roles?search=%25', {
      token: tokens.admin,
    });
    expect(wild.body.total).toBe(0);
    const page = await call(ctx.app, 'GET', '/settings/users/roles?limit=2&offset=1', {
      token: tokens.admin,
    });
    expect(page.body).toMatchObject({ total: 5 });
    expect(page.body.users).toHaveLength(2);
  });
});

describe('PUT settings/users/roles/{id}', () => {
  it('401, 403 for other roles, 400 with a clear message, 404 for another school’s user', async () => {
    const url = `/settings/users/roles/${teacher.id}`;
    expect((await call(ctx.app, 'PUT', url, { payload: { roles: ['TEACHER'] } })).status).toBe(401);
    expect(
      (
        await call(ctx.app, 'PUT', url, {
          token: tokens.teacher,
          payload: { roles: ['SCHOOL_ADMIN'] },
        })
      ).status,
    ).toBe(403);
    const empty = await call(ctx.app, 'PUT', url, { token: tokens.admin, payload: { roles: [] } });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'roles must hold at least 1 role' },
    });
    const unknown = await call(ctx.app, 'PUT', url, {
      token: tokens.admin,
      payload: { roles: ['KING'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^roles must be among/);
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/users/roles/${otherSchoolUser.id}`, {
          token: tokens.admin,
          payload: { roles: ['STAFF'] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
          token: tokens.otherAdmin,
          payload: { roles: ['STAFF'] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/users/roles/nope', {
          token: tokens.admin,
          payload: { roles: ['STAFF'] },
        })
      ).status,
    ).toBe(404);
  });

  it('changes roles, takes effect on the next call, and keeps an audit trail', async () => {
    // The teacher cannot read the users list yet; made an admin, the very next call may.
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.teacher })).status,
    ).toBe(403);
    const res = await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
      token: tokens.admin,
      payload: { roles: ['SCHOOL_ADMIN', 'TEACHER', 'TEACHER'] },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { _id: teacher.id, roles: ['TEACHER', 'SCHOOL_ADMIN'] },
    });
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.teacher })).status,
    ).toBe(200);
    const back = await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
      token: tokens.admin,
      payload: { roles: ['TEACHER'] },
    });
    expect(back.status).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles', { token: tokens.teacher })).status,
    ).toBe(403);
    const audit = await call(ctx.app, 'GET', `/settings/users/roles/audit?userId=${teacher.id}`, {
      token: tokens.admin,
    });
    expect(audit.status).toBe(200);
    expect(
      audit.body.map((a: { before: string[]; after: string[] }) => [a.before, a.after]),
    ).toEqual([
      [['TEACHER', 'SCHOOL_ADMIN'], ['TEACHER']],
      [['TEACHER'], ['TEACHER', 'SCHOOL_ADMIN']],
    ]);
    expect(audit.body[0]).toMatchObject({
      changedBy: admin.id,
      changedByName: 'Ada Zimmer',
      userName: 'Maria Lopez',
    });
    // No change, no audit row.
    await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
      token: tokens.admin,
      payload: { roles: ['TEACHER'] },
    });
    expect(
      (
        await call(ctx.app, 'GET', `/settings/users/roles/audit?userId=${teacher.id}`, {
          token: tokens.admin,
        })
      ).body,
    ).toHaveLength(2);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles/audit', { token: tokens.otherAdmin }))
        .body,
    ).toEqual([]);
    expect(
      (await call(ctx.app, 'GET', '/settings/users/roles/audit', { token: tokens.teacher })).status,
    ).toBe(403);
  });

  it('an admin cannot remove their own last admin role; only a super admin grants SUPER_ADMIN', async () => {
    const self = await call(ctx.app, 'PUT', `/settings/users/roles/${admin.id}`, {
      token: tokens.admin,
      payload: { roles: ['TEACHER'] },
    });
    expect(self).toMatchObject({
      status: 400,
      body: { message: 'roles: you cannot remove your own admin role' },
    });
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/users/roles/${admin.id}`, {
          token: tokens.admin,
          payload: { roles: ['SCHOOL_ADMIN', 'TEACHER'] },
        })
      ).status,
    ).toBe(200);
    const grant = await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
      token: tokens.admin,
      payload: { roles: ['SUPER_ADMIN'] },
    });
    expect(grant.status).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.id}`, {
          token: tokens.superAdmin,
          payload: { roles: ['TEACHER', 'GIVE_ALL'] },
        })
      ).status,
    ).toBe(200);
  });
});

describe('settings of the school', () => {
  it('GET settings: 401, 403 for teachers and for a house manager without a house system', async () => {
    expect((await call(ctx.app, 'GET', '/settings')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/settings', { token: tokens.student })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/settings', { token: tokens.noHouseManager })).status).toBe(
      403,
    );
    const hm = await call(ctx.app, 'GET', '/settings', { token: tokens.houseManager });
    expect(hm).toMatchObject({
      status: 200,
      body: {
        hasHouseSystem: true,
        isHouseSystemConfigured: true,
        canTeacherGiveAll: true,
        adminFlagPoints: 5,
        nonAdminFlagPoints: 3,
      },
    });
    // The store as the screen shows it: its model, and open until closed.
    expect(hm.body).toMatchObject({
      storeModel: 'Pickup',
      store: { isOpen: true, reopenDate: null },
    });
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/store', {
          token: tokens.admin,
          payload: { isOpen: false },
        })
      ).status,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', '/settings', { token: tokens.admin })).body.store).toEqual({
      isOpen: false,
      reopenDate: null,
    });
    expect(
      (await call(ctx.app, 'GET', '/settings', { token: tokens.otherAdmin })).body.store,
    ).toEqual({ isOpen: true, reopenDate: null });
    await call(ctx.app, 'PUT', '/settings/store', {
      token: tokens.admin,
      payload: { isOpen: true },
    });
  });

  it('PUT settings/house-system: admins and house managers, only with a house system', async () => {
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/house-system', {
          payload: { isHouseSystemConfigured: false },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/house-system', {
          token: tokens.teacher,
          payload: { isHouseSystemConfigured: false },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/house-system', {
          token: tokens.noHouseManager,
          payload: { isHouseSystemConfigured: true },
        })
      ).status,
    ).toBe(403);
    const noHouses = await call(ctx.app, 'PUT', '/settings/house-system', {
      token: tokens.noHouseAdmin,
      payload: { isHouseSystemConfigured: true },
    });
    expect(noHouses).toMatchObject({
      status: 400,
      body: { message: 'isHouseSystemConfigured: this school has no house system' },
    });
    const bad = await call(ctx.app, 'PUT', '/settings/house-system', {
      token: tokens.admin,
      payload: { isHouseSystemConfigured: 'yes' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'isHouseSystemConfigured must be true or false' },
    });
    const off = await call(ctx.app, 'PUT', '/settings/house-system', {
      token: tokens.houseManager,
      payload: { isHouseSystemConfigured: false },
    });
    expect(off).toMatchObject({ status: 200, body: { isHouseSystemConfigured: false } });
    // The next session look-up sees the school changed.
    expect(
      (await call(ctx.app, 'POST', '/auth/me', { token: tokens.admin })).body.school
        .isHouseSystemConfigured,
    ).toBe(false);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/house-system', {
          token: tokens.admin,
          payload: { isHouseSystemConfigured: true },
        })
      ).body.isHouseSystemConfigured,
    ).toBe(true);
  });

  it('PUT settings/advanced: admins only, within the limits, other schools untouched', async () => {
    expect(
      (await call(ctx.app, 'PUT', '/settings/advanced', { payload: { adminFlagPoints: 4 } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/advanced', {
          token: tokens.houseManager,
          payload: { adminFlagPoints: 4 },
        })
      ).status,
    ).toBe(403);
    for (const [payload, message] of [
      [{}, 'Send at least one setting to change'],
      [{ adminFlagPoints: 0 }, 'adminFlagPoints must be at least 1'],
      [{ nonAdminFlagPoints: 101 }, 'nonAdminFlagPoints must be at most 100'],
      [{ nonAdminFlagPoints: 2.5 }, 'nonAdminFlagPoints must be a whole number'],
      [{ canTeacherGiveAll: 'no' }, 'canTeacherGiveAll must be true or false'],
    ] as const) {
      const res = await call(ctx.app, 'PUT', '/settings/advanced', {
        token: tokens.admin,
        payload,
      });
      expect(res, JSON.stringify(payload)).toMatchObject({ status: 400, body: { message } });
    }
    const res = await call(ctx.app, 'PUT', '/settings/advanced', {
      token: tokens.admin,
      payload: {
        canTeacherGiveAll: false,
        canNonAdminCreateCustomActions: false,
        adminFlagPoints: 10,
        nonAdminFlagPoints: 1,
      },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        canTeacherGiveAll: false,
        canNonAdminCreateCustomActions: false,
        adminFlagPoints: 10,
        nonAdminFlagPoints: 1,
      },
    });
    const partial = await call(ctx.app, 'PUT', '/settings/advanced', {
      token: tokens.admin,
      payload: { canTeacherGiveAll: true },
    });
    expect(partial.body).toMatchObject({ canTeacherGiveAll: true, adminFlagPoints: 10 });
    expect(
      (await call(ctx.app, 'GET', '/settings', { token: tokens.otherAdmin })).body,
    ).toMatchObject({ adminFlagPoints: 5, canNonAdminCreateCustomActions: true });
  });
});
