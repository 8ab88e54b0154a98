import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityAudit, wallets } from '../src/db/schema.js';
import { writeActivities } from '../src/ledger/write.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
let school: SchoolRow;
let period: string;
let periodB: string;
let s1: UserRow;
let s2: UserRow;
let s3: UserRow;

beforeAll(async () => {
  const db = ctx.database.db;
  // Teachers here reach only their own classes.
  school = await makeSchool(db, { canTeacherGiveAll: false });
  const b = await makeSchool(db);
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.co = await makeUser(db, school, ['TEACHER']);
  u.other = await makeUser(db, school, ['TEACHER']);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  u.student = await makeUser(db, school, ['STUDENT']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  s1 = await makeUser(db, school, ['STUDENT']);
  s2 = await makeUser(db, school, ['STUDENT']);
  s3 = await makeUser(db, school, ['STUDENT']);
  period = (
    await makePeriod(db, school, u.teacher, [s1, s2, u.student], { coTeachers: [u.co.externalId] })
  ).id;
  await makePeriod(db, school, u.other, [s3]);
  periodB = (await makePeriod(db, b, u.adminB, [await makeUser(db, b, ['STUDENT'])])).id;
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

const create = (token: string, payload: object) =>
  call(ctx.app, 'POST', '/group-types', { token, payload });
const tables = (over: object = {}) => ({
  name: 'Tables',
  internalPeriodId: period,
  groups: [
    { name: 'Red', studentIds: [s1.id] },
    { name: 'Blue', studentIds: [s2.id, s2.id] },
  ],
  ...over,
});

describe('POST group-types', () => {
  it('401 without a token', async () => {
    expect((await create('', tables())).status).toBe(401);
  });

  it('400 with the exact message for bad input', async () => {
    expect(await create(tok.teacher!, tables({ name: '' }))).toMatchObject({
      status: 400,
      body: { message: 'name is required' },
    });
    expect(await create(tok.teacher!, tables({ internalPeriodId: '' }))).toMatchObject({
      status: 400,
      body: { message: 'internalPeriodId is required' },
    });
    const missing = await create(tok.teacher!, { name: 'x', groups: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^internalPeriodId/);
    expect(await create(tok.teacher!, tables({ groups: 'no' }))).toMatchObject({
      status: 400,
      body: { message: 'groups must be a list' },
    });
  });

  it('400 when a student is not in the period, or a name repeats', async () => {
    const res = await create(
      tok.teacher!,
      tables({ groups: [{ name: 'Red', studentIds: [s3.id] }] }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { message: `groups: ${s3.id} is not a student of this period` },
    });
    const junk = await create(
      tok.teacher!,
      tables({ groups: [{ name: 'Red', studentIds: ['not-a-uuid'] }] }),
    );
    expect(junk).toMatchObject({
      status: 400,
      body: { message: 'groups: not-a-uuid is not a student of this period' },
    });
    const twice = await create(
      tok.teacher!,
      tables({
        groups: [
          { name: 'Red', studentIds: [] },
          { name: 'red', studentIds: [] },
        ],
      }),
    );
    expect(twice).toMatchObject({
      status: 400,
      body: { message: 'groups: the name red is used twice' },
    });
  });

  it('403 for a student and for a teacher of another period; 404 for another school or a bad id', async () => {
    expect((await create(tok.student!, tables())).status).toBe(403);
    expect((await create(tok.other!, tables())).status).toBe(403);
    expect((await create(tok.adminB!, tables())).status).toBe(404);
    expect((await create(tok.teacher!, tables({ internalPeriodId: 'nope' }))).status).toBe(404);
    expect((await create(tok.teacher!, tables({ internalPeriodId: periodB }))).status).toBe(404);
  });

  it('creates the type with its groups (co-teachers and admins too)', async () => {
    const res = await create(tok.teacher!, tables());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Tables', internalPeriodId: period });
    expect(res.body.groups).toEqual([
      { _id: expect.any(String), name: 'Blue', studentIds: [s2.id] },
      { _id: expect.any(String), name: 'Red', studentIds: [s1.id] },
    ]);
    expect((await create(tok.co!, tables({ name: 'Teams' }))).status).toBe(201);
    expect((await create(tok.admin!, tables({ name: 'Rows', groups: [] }))).status).toBe(201);
  });
});

describe('GET group-types', () => {
  it('401, 400, 403, 404', async () => {
    expect((await call(ctx.app, 'GET', `/group-types?internalPeriodId=${period}`)).status).toBe(
      401,
    );
    expect(await call(ctx.app, 'GET', '/group-types', { token: tok.teacher })).toMatchObject({
      status: 400,
      body: { message: 'internalPeriodId is required' },
    });
    expect(
      (await call(ctx.app, 'GET', `/group-types?internalPeriodId=${period}`, { token: tok.other }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', `/group-types?internalPeriodId=${period}`, { token: tok.adminB }))
        .status,
    ).toBe(404);
  });

  it('lists the period types with groups; GET one by id', async () => {
    const made = await create(tok.teacher!, tables({ name: 'Listed' }));
    const list = await call(ctx.app, 'GET', `/group-types?internalPeriodId=${period}&time=1`, {
      token: tok.teacher,
    });
    expect(list.status).toBe(200);
    expect(list.body.map((t: { name: string }) => t.name)).toContain('Listed');
    expect(
      list.body.every((t: { internalPeriodId: string }) => t.internalPeriodId === period),
    ).toBe(true);
    const one = await call(ctx.app, 'GET', `/group-types/${made.body._id}`, { token: tok.co });
    expect(one).toMatchObject({ status: 200, body: made.body });
    expect(
      (await call(ctx.app, 'GET', `/group-types/${made.body._id}`, { token: tok.other })).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', `/group-types/${made.body._id}`, { token: tok.adminB })).status,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', '/group-types/123', { token: tok.teacher })).status).toBe(
      404,
    );
    expect(
      (await call(ctx.app, 'GET', `/group-types/${randomUUID()}`, { token: tok.teacher })).status,
    ).toBe(404);
  });
});

describe('PUT group-types/{id}', () => {
  it('renames and replaces the groups, keeping the ids of groups sent with _id', async () => {
    const made = await create(tok.teacher!, tables({ name: 'Before' }));
    const blue = made.body.groups.find((g: { name: string }) => g.name === 'Blue');
    const url = `/group-types/${made.body._id}`;
    expect((await call(ctx.app, 'PUT', url, { payload: { name: 'x', groups: [] } })).status).toBe(
      401,
    );
    expect(
      await call(ctx.app, 'PUT', url, { token: tok.teacher, payload: { name: ' ', groups: [] } }),
    ).toMatchObject({ status: 400, body: { message: 'name is required' } });
    expect(
      (await call(ctx.app, 'PUT', url, { token: tok.other, payload: { name: 'x', groups: [] } }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'PUT', url, { token: tok.adminB, payload: { name: 'x', groups: [] } }))
        .status,
    ).toBe(404);
    const foreign = await call(ctx.app, 'PUT', url, {
      token: tok.teacher,
      payload: { name: 'x', groups: [{ _id: randomUUID(), name: 'G', studentIds: [] }] },
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Group not found' } });
    const outsider = await call(ctx.app, 'PUT', url, {
      token: tok.teacher,
      payload: { name: 'x', groups: [{ name: 'G', studentIds: [s3.id] }] },
    });
    expect(outsider.status).toBe(400);

    const res = await call(ctx.app, 'PUT', url, {
      token: tok.teacher,
      payload: {
        name: 'After',
        groups: [
          { _id: blue._id, name: 'Navy', studentIds: [s1.id, s2.id] },
          { name: 'Green', studentIds: [] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('After');
    expect(res.body.groups).toEqual([
      { _id: expect.any(String), name: 'Green', studentIds: [] },
      { _id: blue._id, name: 'Navy', studentIds: [s1.id, s2.id] },
    ]);
  });
});

describe('DELETE group-types/{id}', () => {
  it('401, 403, 404, then deletes', async () => {
    const made = await create(tok.teacher!, tables({ name: 'Doomed' }));
    const url = `/group-types/${made.body._id}`;
    expect((await call(ctx.app, 'DELETE', url)).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', url, { token: tok.other })).status).toBe(403);
    expect((await call(ctx.app, 'DELETE', url, { token: tok.adminB })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', '/group-types/%20', { token: tok.teacher })).status).toBe(
      404,
    );
    expect(await call(ctx.app, 'DELETE', url, { token: tok.teacher })).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect((await call(ctx.app, 'GET', url, { token: tok.teacher })).status).toBe(404);
  });
});

describe('DELETE group-types/{id}/groups/{groupId}/activity', () => {
  it('removes what was given through the group that day, reversing wallets and the rollup', async () => {
    const db = ctx.database.db;
    const made = await create(tok.teacher!, tables({ name: 'Givers' }));
    const red = made.body.groups.find((g: { name: string }) => g.name === 'Red');
    const blue = made.body.groups.find((g: { name: string }) => g.name === 'Blue');
    const day = await schoolDay(db, school);
    const bonus = await typeByName(db, school, 'Kindness');
    const meta = { comment: '', periodId: period, givenBy: u.teacher!.id };
    await db.transaction(async (tx) => {
      await writeActivities(tx, school.id, [{ studentId: s1.id, type: bonus, points: 5 }], {
        ...meta,
        date: day,
        groupId: red._id,
      });
      await writeActivities(tx, school.id, [{ studentId: s2.id, type: bonus, points: 5 }], {
        ...meta,
        date: day,
        groupId: blue._id,
      });
      await writeActivities(tx, school.id, [{ studentId: s1.id, type: bonus, points: 5 }], {
        ...meta,
        date: addDays(day, -1),
        groupId: red._id,
      });
    });
    const url = `/group-types/${made.body._id}/groups/${red._id}/activity?date=${day}`;

    expect((await call(ctx.app, 'DELETE', url)).status).toBe(401);
    expect(
      await call(
        ctx.app,
        'DELETE',
        `/group-types/${made.body._id}/groups/${red._id}/activity?date=2025-02-30`,
        { token: tok.teacher },
      ),
    ).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
    expect((await call(ctx.app, 'DELETE', url, { token: tok.other })).status).toBe(403);
    expect((await call(ctx.app, 'DELETE', url, { token: tok.adminB })).status).toBe(404);
    expect(
      (
        await call(ctx.app, 'DELETE', `/group-types/${made.body._id}/groups/xyz/activity`, {
          token: tok.teacher,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          ctx.app,
          'DELETE',
          `/group-types/${made.body._id}/groups/${randomUUID()}/activity`,
          { token: tok.teacher },
        )
      ).status,
    ).toBe(404);

    const before = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, s1.id)));
    const res = await call(ctx.app, 'DELETE', url, { token: tok.teacher });
    expect(res).toMatchObject({ status: 200, body: { removed: 1 } });
    const after = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, s1.id)));
    expect(after[0]!.balance).toBe(before[0]!.balance - 5);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
    const audit = await db
      .select()
      .from(activityAudit)
      .where(
        and(eq(activityAudit.schoolId, school.id), eq(activityAudit.changedBy, u.teacher!.id)),
      );
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    expect(await call(ctx.app, 'DELETE', url, { token: tok.teacher })).toMatchObject({
      status: 200,
      body: { removed: 0 },
    });
  });
});
