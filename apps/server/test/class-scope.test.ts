import { and, eq } from 'drizzle-orm';
import type { Role } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { absences, activities } from '../src/db/schema.js';
import { schoolDay } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Findings 3–6 of the trust review: inside one school, a teacher's class, its groups, its group
 * gives and its attendance belong to the class's teachers. The school keeps the default
 * canTeacherGiveAll (true), which widens whom a teacher may give to and nothing else.
 */
const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
let school: SchoolRow;
let classA: string;
let day: string;
let s1: UserRow;
let s2: UserRow;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  u.teacherA = await makeUser(db, school, ['TEACHER']);
  u.coA = await makeUser(db, school, ['TEACHER']);
  u.teacherB = await makeUser(db, school, ['TEACHER']);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  for (const role of [
    'STORE_MANAGER',
    'ASSISTANT_STORE_MANAGER',
    'HOUSE_MANAGER',
    'SCHOOLWIDE_REPORTS',
    'SCHOOL_STUDENT_REPORTS',
    'GIVE_ALL',
    'STAFF',
  ] as Role[])
    u[role] = await makeUser(db, school, [role]);
  s1 = await makeUser(db, school, ['STUDENT']);
  s2 = await makeUser(db, school, ['STUDENT']);
  classA = (await makePeriod(db, school, u.teacherA, [s1, s2], { coTeachers: [u.coA.externalId] }))
    .id;
  await makePeriod(db, school, u.teacherB, [await makeUser(db, school, ['STUDENT'])], {
    periodNumber: 2,
  });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
  day = await schoolDay(db, school);
});

async function groupIn(token: string) {
  const res = await call(ctx.app, 'POST', '/group-types', {
    token,
    payload: {
      name: 'Tables',
      internalPeriodId: classA,
      groups: [{ name: 'Red', studentIds: [s1.id, s2.id] }],
    },
  });
  expect(res.status).toBe(201);
  return { typeId: res.body._id as string, groupId: res.body.groups[0]._id as string };
}

async function bonusTypeId(token: string): Promise<string> {
  const res = await call(ctx.app, 'GET', '/activity/options', { token });
  return res.body.categories.Bonuses[0]._id;
}

async function giveThroughGroup(token: string, groupId: string) {
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token,
    payload: {
      groupIds: [groupId],
      internalPeriodId: classA,
      activityTypes: [await bonusTypeId(token)],
      date: day,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const groupActivityCount = async (groupId: string, givenBy?: string) =>
  (
    await ctx.database.db
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(eq(activities.groupId, groupId), givenBy ? eq(activities.givenBy, givenBy) : undefined),
      )
  ).length;

describe('finding 3: taking back a group give', () => {
  it("another teacher cannot take back a class's group activities", async () => {
    const { typeId, groupId } = await groupIn(tok.teacherA!);
    await giveThroughGroup(tok.teacherA!, groupId);
    const res = await call(
      ctx.app,
      'DELETE',
      `/group-types/${typeId}/groups/${groupId}/activity?date=${day}`,
      { token: tok.teacherB },
    );
    expect(res).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    expect(await groupActivityCount(groupId)).toBe(2);
  });

  it("a co-teacher takes back only their own gives, the class teacher's stay", async () => {
    const { typeId, groupId } = await groupIn(tok.teacherA!);
    await giveThroughGroup(tok.teacherA!, groupId);
    await giveThroughGroup(tok.coA!, groupId);
    const res = await call(
      ctx.app,
      'DELETE',
      `/group-types/${typeId}/groups/${groupId}/activity?date=${day}`,
      { token: tok.coA },
    );
    expect(res).toMatchObject({ status: 200, body: { removed: 2 } });
    expect(await groupActivityCount(groupId, u.teacherA!.id)).toBe(2);
    expect(await groupActivityCount(groupId, u.coA!.id)).toBe(0);
  });

  it("an admin takes back everyone's", async () => {
    const { typeId, groupId } = await groupIn(tok.teacherA!);
    await giveThroughGroup(tok.teacherA!, groupId);
    await giveThroughGroup(tok.coA!, groupId);
    const res = await call(
      ctx.app,
      'DELETE',
      `/group-types/${typeId}/groups/${groupId}/activity?date=${day}`,
      { token: tok.admin },
    );
    expect(res).toMatchObject({ status: 200, body: { removed: 4 } });
    expect(await groupActivityCount(groupId)).toBe(0);
  });
});

describe("finding 4: another teacher's group types", () => {
  it('cannot be listed, created, read, renamed or deleted by a teacher who does not teach the class', async () => {
    const { typeId } = await groupIn(tok.teacherA!);
    const t = tok.teacherB!;
    expect(
      (await call(ctx.app, 'GET', `/group-types?internalPeriodId=${classA}`, { token: t })).status,
    ).toBe(403);
    const created = await call(ctx.app, 'POST', '/group-types', {
      token: t,
      payload: { name: 'Mine', internalPeriodId: classA, groups: [] },
    });
    expect(created.status).toBe(403);
    expect((await call(ctx.app, 'GET', `/group-types/${typeId}`, { token: t })).status).toBe(403);
    const renamed = await call(ctx.app, 'PUT', `/group-types/${typeId}`, {
      token: t,
      payload: { name: 'Taken', groups: [] },
    });
    expect(renamed.status).toBe(403);
    expect((await call(ctx.app, 'DELETE', `/group-types/${typeId}`, { token: t })).status).toBe(
      403,
    );
    const after = await call(ctx.app, 'GET', `/group-types/${typeId}`, { token: tok.teacherA });
    expect(after).toMatchObject({
      status: 200,
      body: { name: 'Tables', groups: [{ name: 'Red' }] },
    });
  });

  it('are managed by the co-teacher and the admin', async () => {
    const { typeId } = await groupIn(tok.teacherA!);
    expect(
      (
        await call(ctx.app, 'PUT', `/group-types/${typeId}`, {
          token: tok.coA,
          payload: { name: 'Teams', groups: [] },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'DELETE', `/group-types/${typeId}`, { token: tok.admin })).status,
    ).toBe(200);
  });

  it('give-all reads a class’s groups to give through them but does not manage them', async () => {
    const { typeId } = await groupIn(tok.teacherA!);
    expect(
      (
        await call(ctx.app, 'GET', `/group-types?internalPeriodId=${classA}`, {
          token: tok.GIVE_ALL,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'DELETE', `/group-types/${typeId}`, { token: tok.GIVE_ALL })).status,
    ).toBe(403);
  });
});

describe("finding 5: another teacher's class page", () => {
  const classCalls = () => [
    `/activity/class-stats/${classA}`,
    `/activity/period-stats-details/${classA}`,
    `/periods/${classA}`,
  ];

  it('shows neither roster nor balances to a teacher who does not teach it', async () => {
    for (const url of classCalls()) {
      const res = await call(ctx.app, 'GET', url, { token: tok.teacherB });
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(JSON.stringify(res.body)).not.toContain(s1.id);
    }
  });

  it('nor to store, house or report staff', async () => {
    for (const role of [
      'STORE_MANAGER',
      'ASSISTANT_STORE_MANAGER',
      'HOUSE_MANAGER',
      'SCHOOLWIDE_REPORTS',
      'STAFF',
    ])
      for (const url of classCalls())
        expect({
          role,
          url,
          status: (await call(ctx.app, 'GET', url, { token: tok[role] })).status,
        }).toEqual({ role, url, status: 403 });
  });

  it("is open to the class's teacher, co-teacher, admins and give-all", async () => {
    for (const who of ['teacherA', 'coA', 'admin', 'GIVE_ALL'])
      for (const url of classCalls())
        expect({
          who,
          url,
          status: (await call(ctx.app, 'GET', url, { token: tok[who] })).status,
        }).toEqual({ who, url, status: 200 });
  });
});

describe('finding 6: absences', () => {
  const absentCount = async () =>
    (
      await ctx.database.db
        .select()
        .from(absences)
        .where(and(eq(absences.studentId, s1.id), eq(absences.date, day)))
    ).length;

  it('cannot be marked or removed by roles that do not take attendance', async () => {
    for (const who of [
      'STORE_MANAGER',
      'ASSISTANT_STORE_MANAGER',
      'HOUSE_MANAGER',
      'SCHOOLWIDE_REPORTS',
      'SCHOOL_STUDENT_REPORTS',
      'GIVE_ALL',
      'teacherB',
    ]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(ctx.app, method, `/activity/absent/${s1.id}?date=${day}`, {
          token: tok[who],
        });
        expect({ who, method, status: res.status }).toEqual({ who, method, status: 403 });
      }
    }
    expect(await absentCount()).toBe(0);
  });

  it("are marked by the student's teacher and by admins", async () => {
    expect(
      (
        await call(ctx.app, 'POST', `/activity/absent/${s1.id}?date=${day}`, {
          token: tok.teacherA,
        })
      ).status,
    ).toBe(200);
    expect(await absentCount()).toBe(1);
    expect(
      (await call(ctx.app, 'DELETE', `/activity/absent/${s1.id}?date=${day}`, { token: tok.admin }))
        .status,
    ).toBe(200);
    expect(await absentCount()).toBe(0);
  });
});
