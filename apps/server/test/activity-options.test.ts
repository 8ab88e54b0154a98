import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn, type UserRow } from './helpers/factories.js';
import { schoolDay } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let teacher: UserRow;
let tokens: Record<
  'teacher' | 'other' | 'admin' | 'student' | 'outsider' | 'otherAdmin' | 'loner',
  string
>;
let student: UserRow;
let lockedToken: string;

beforeAll(async () => {
  const db = ctx.database.db;
  const school = await makeSchool(db, { adminFlagPoints: 10, nonAdminFlagPoints: 4 });
  teacher = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  student = await makeUser(db, school, ['STUDENT']);
  await makePeriod(db, school, teacher, [student]);
  tokens = <typeof tokens>{
    teacher: await signIn(ctx.app, teacher),
    admin: await signIn(ctx.app, admin),
    student: await signIn(ctx.app, student),
  };
  const locked = await makeSchool(db, { canNonAdminCreateCustomActions: false });
  lockedToken = await signIn(ctx.app, await makeUser(db, locked, ['TEACHER']));
});

describe('GET activity/options', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/activity/options')).status).toBe(401);
  });

  it("lists the school options by category with flag points by the viewer's kind", async () => {
    const t = await call(ctx.app, 'GET', '/activity/options', { token: tokens.teacher });
    expect(t.status).toBe(200);
    expect(Object.keys(t.body.categories)).toEqual([
      'Flags',
      'Bonuses',
      'Academic Pay Day',
      'Daily Behavior',
      'Daily Attendance',
    ]);
    expect(t.body.categories.Flags.every((f: any) => f.points === -4)).toBe(true);
    expect(t.body.categories.Bonuses.find((b: any) => b.name === 'Leadership').points).toBe(10);
    expect(t.body.flagPoints).toEqual({ admin: 10, nonAdmin: 4 });
    const a = await call(ctx.app, 'GET', '/activity/options', { token: tokens.admin });
    expect(a.body.categories.Flags.every((f: any) => f.points === -10)).toBe(true);
    expect(t.body.givableCategories).toEqual(['Flags', 'Bonuses']);
    expect(a.body.givableCategories).toEqual([
      'Flags',
      'Bonuses',
      'Academic Pay Day',
      'Daily Behavior',
      'Daily Attendance',
    ]);
    const s = await call(ctx.app, 'GET', '/activity/options', { token: tokens.student });
    expect(s.body.givableCategories).toEqual([]);
  });
});

describe('custom teacher actions', () => {
  it('400 for a bad body, 403 for a student and where the school does not allow them', async () => {
    expect(
      (
        await call(ctx.app, 'POST', '/activity/options/custom', {
          token: tokens.teacher,
          payload: { name: '', category: 'Flags' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(ctx.app, 'POST', '/activity/options/custom', {
          token: tokens.student,
          payload: { name: 'x', category: 'Flags' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'POST', '/activity/options/custom', {
          token: lockedToken,
          payload: { name: 'x', category: 'Flags' },
        })
      ).status,
    ).toBe(403);
  });

  it('allows 5 custom Flags and 5 custom Bonuses, then answers with the spec messages', async () => {
    for (let i = 1; i <= 5; i++) {
      const f = await call(ctx.app, 'POST', '/activity/options/custom', {
        token: tokens.teacher,
        payload: { name: `Flag ${i}`, category: 'Flags' },
      });
      expect(f).toMatchObject({
        status: 200,
        body: { type: 'TEACHER_CUSTOM_ACTION', category: 'Flags', points: -4 },
      });
      const b = await call(ctx.app, 'POST', '/activity/options/custom', {
        token: tokens.teacher,
        payload: { name: `Bonus ${i}`, category: 'Bonuses', points: i },
      });
      expect(b.body.points).toBe(i);
    }
    const f6 = await call(ctx.app, 'POST', '/activity/options/custom', {
      token: tokens.teacher,
      payload: { name: 'Flag 6', category: 'Flags' },
    });
    expect(f6).toMatchObject({ status: 400, body: { message: MSG.maxCustomFlags } });
    const b6 = await call(ctx.app, 'POST', '/activity/options/custom', {
      token: tokens.teacher,
      payload: { name: 'Bonus 6', category: 'Bonuses', points: 2 },
    });
    expect(b6).toMatchObject({ status: 400, body: { message: MSG.maxCustomBonuses } });
    // An inline custom action in a give counts against the same limit.
    const day = await schoolDay(ctx.database.db, {
      id: teacher.schoolId,
      timeZone: 'America/Los_Angeles',
    } as any);
    const inline = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tokens.teacher,
      payload: {
        externalStudentIds: [student.externalId],
        activityTypes: [{ name: 'Another', category: 'Bonuses', points: 3 }],
        date: day,
      },
    });
    expect(inline).toMatchObject({ status: 400, body: { message: MSG.maxCustomBonuses } });
    const opts = await call(ctx.app, 'GET', '/activity/options', { token: tokens.teacher });
    expect(opts.body.customActions).toHaveLength(10);
    // Other teachers do not see them.
    const adminOpts = await call(ctx.app, 'GET', '/activity/options', { token: tokens.admin });
    expect(adminOpts.body.customActions).toHaveLength(0);
  });

  it('a deleted custom action frees its place', async () => {
    const opts = await call(ctx.app, 'GET', '/activity/options', { token: tokens.teacher });
    const flag = opts.body.customActions.find((c: any) => c.category === 'Flags');
    expect(
      (
        await call(ctx.app, 'DELETE', `/activity/options/custom/${flag._id}`, {
          token: tokens.admin,
        })
      ).status,
    ).toBe(200);
    const again = await call(ctx.app, 'POST', '/activity/options/custom', {
      token: tokens.teacher,
      payload: { name: 'Flag 7', category: 'Flags' },
    });
    expect(again.status).toBe(200);
  });
});

describe('PUT settings/power-actions/{id}', () => {
  it('401, 400 for unknown ids, 403 for another user', async () => {
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/power-actions/${teacher.id}`, {
          payload: { powerActions: [] },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/power-actions/${teacher.id}`, {
          token: tokens.teacher,
          payload: { powerActions: ['x'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/power-actions/${teacher.id}`, {
          token: tokens.admin,
          payload: { powerActions: [] },
        })
      ).status,
    ).toBe(403);
  });

  it('pins actions that options then return', async () => {
    const opts = await call(ctx.app, 'GET', '/activity/options', { token: tokens.teacher });
    const ids = [opts.body.categories.Bonuses[0]._id, opts.body.categories.Flags[0]._id];
    const res = await call(ctx.app, 'PUT', `/settings/power-actions/${teacher.id}`, {
      token: tokens.teacher,
      payload: { powerActions: ids },
    });
    expect(res).toMatchObject({ status: 200, body: { powerActions: ids } });
    expect(
      (await call(ctx.app, 'GET', '/activity/options', { token: tokens.teacher })).body
        .powerActions,
    ).toEqual(ids);
  });
});
