import { addDays, lastSchoolDay } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, idempotencyKeys, wallets } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { once } from '../src/lib/idempotency.js';
import type { AuthUser } from '../src/lib/auth-context.js';
import { giveActivities } from '../src/modules/activities/give.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
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

/**
 * Every call that changes points takes an Idempotency-Key (docs/decisions/062-idempotency-key-for-every-points-change.md): a give, an edit, a
 * removal, an undo, a group's take-back, an absence. A retry with the key gets the first answer
 * back and changes nothing; 20 at once change points once; the key with another request is 409;
 * keys are per school and user; the key is kept in the transaction of the points it guards.
 */
const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
let school: SchoolRow;
let otherSchool: SchoolRow;
let kids: UserRow[];
let kidsB: UserRow[];
let period: string;
let day: string;
let kindness: string;
let kindnessB: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  otherSchool = await makeSchool(db);
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.teacher2 = await makeUser(db, school, ['TEACHER']);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  u.teacherB = await makeUser(db, otherSchool, ['TEACHER']);
  kids = [
    await makeUser(db, school, ['STUDENT']),
    await makeUser(db, school, ['STUDENT']),
    await makeUser(db, school, ['STUDENT']),
  ];
  kidsB = [await makeUser(db, otherSchool, ['STUDENT'])];
  period = (await makePeriod(db, school, u.teacher, kids, { coTeachers: [u.teacher2.externalId] }))
    .id;
  await makePeriod(db, otherSchool, u.teacherB, kidsB);
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
  day = await schoolDay(db, school);
  kindness = (await typeByName(db, school, 'Kindness')).id;
  kindnessB = (await typeByName(db, otherSchool, 'Kindness')).id;
});

const key = (name: string) => ({
  'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}`,
});
const giveBody = (over: object = {}) => ({
  externalStudentIds: kids.map((k) => k.externalId),
  activityTypes: [kindness],
  date: day,
  ...over,
});
const give = (token: string, payload: object, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/activity/bulk', { token, payload, headers });
const balanceOf = async (studentId: string) =>
  Number(
    (
      await ctx.database.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, studentId)))
    )[0]?.balance ?? 0,
  );
const balances = () => Promise.all(kids.map((k) => balanceOf(k.id)));
const givesCount = async (schoolId = school.id) =>
  Number(
    (
      await ctx.database.db
        .select({ n: sql<number>`count(distinct give_id)::int` })
        .from(activities)
        .where(eq(activities.schoolId, schoolId))
    )[0]!.n,
  );
const activitiesOf = async (giveId: string) =>
  ctx.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.schoolId, school.id), eq(activities.giveId, giveId)));

describe('POST activity/bulk with an Idempotency-Key', () => {
  it('the same give sent twice with one key gives once and replays the same answer', async () => {
    const before = await balances();
    const gives = await givesCount();
    const k = key('give');
    const first = await give(tok.teacher!, giveBody(), k);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await give(tok.teacher!, giveBody(), k);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await givesCount()).toBe(gives + 1);
    expect(await balances()).toEqual(before.map((b) => b + first.body.points / kids.length));
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('without a key each call is its own give (nothing changes for clients that send none)', async () => {
    const gives = await givesCount();
    expect((await give(tok.teacher!, giveBody())).status).toBe(200);
    expect((await give(tok.teacher!, giveBody())).status).toBe(200);
    expect(await givesCount()).toBe(gives + 2);
  });

  it('20 requests at once with one key give exactly once, and all get the one answer', async () => {
    const before = await balances();
    const gives = await givesCount();
    const k = key('burst');
    const all = await Promise.all(
      Array.from({ length: 20 }, () => give(tok.teacher!, giveBody({ comment: 'burst' }), k)),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(all.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(all.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await givesCount()).toBe(gives + 1);
    expect(await activitiesOf(all[0]!.body.giveId)).toHaveLength(kids.length);
    expect(await balances()).toEqual(before.map((b) => b + all[0]!.body.points / kids.length));
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('the same key with another body, or on another call, is 409 and changes nothing', async () => {
    const k = key('changed');
    expect((await give(tok.teacher!, giveBody(), k)).status).toBe(200);
    const [other] = await activitiesOf((await give(tok.teacher!, giveBody())).body.giveId);
    const gives = await givesCount();
    const before = await balances();
    for (const changed of [
      giveBody({ comment: 'now with a comment' }),
      giveBody({ externalStudentIds: [kids[0]!.externalId] }),
    ])
      expect(await give(tok.teacher!, changed, k)).toMatchObject({
        status: 409,
        body: { message: 'This Idempotency-Key was used for another request.' },
      });
    expect(
      await call(ctx.app, 'DELETE', `/activity/${other!.id}`, { token: tok.teacher, headers: k }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This Idempotency-Key was used for another request.' },
    });
    expect(await givesCount()).toBe(gives);
    expect(await activitiesOf(other!.giveId)).toHaveLength(kids.length);
    expect(await balances()).toEqual(before);
  });

  it("a key is per user and school: another user's identical key gives on its own", async () => {
    const k = { 'idempotency-key': 'shared-key-123' };
    const gives = await givesCount();
    const mine = await give(tok.teacher!, giveBody(), k);
    const theirs = await give(tok.teacher2!, giveBody(), k);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.giveId).not.toBe(mine.body.giveId);
    expect(await givesCount()).toBe(gives + 2);
    const givesB = await givesCount(otherSchool.id);
    const inB = await give(
      tok.teacherB!,
      { externalStudentIds: kidsB.map((s) => s.externalId), activityTypes: [kindnessB], date: day },
      k,
    );
    expect(inB.status, JSON.stringify(inB.body)).toBe(200);
    expect(inB.headers['idempotent-replayed']).toBeUndefined();
    expect(await givesCount(otherSchool.id)).toBe(givesB + 1);
  });

  it('a refused give keeps no key: the retry is checked again, and a malformed key is 400', async () => {
    const k = key('refused');
    const refused = giveBody({ activityTypes: ['00000000-0000-0000-0000-000000000000'] });
    const first = await give(tok.teacher!, refused, k);
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    expect(await give(tok.teacher!, refused, k)).toMatchObject({
      status: first.status,
      body: first.body,
    });
    expect(await give(tok.teacher!, giveBody(), { 'idempotency-key': 'with space' })).toMatchObject(
      {
        status: 400,
        body: { message: 'Idempotency-Key must be 1 to 200 visible characters' },
      },
    );
  });

  it('the key is written in the transaction of the give: a crash after the ledger write leaves neither', async () => {
    const db = ctx.database.db;
    const user = {
      id: u.teacher!.id,
      schoolId: school.id,
      school,
      roles: ['TEACHER'],
    } as unknown as AuthUser;
    const gives = await givesCount();
    const before = await balances();
    const request = { call: 'test', body: giveBody() };
    await expect(
      once(db, user, 'crash-key', request, async (tx) => {
        await giveActivities(tx, user, giveBody());
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(
      await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.schoolId, school.id), eq(idempotencyKeys.key, 'crash-key'))),
    ).toEqual([]);
    expect(await givesCount()).toBe(gives);
    expect(await balances()).toEqual(before);
    // The retry then gives, once.
    const retried = await once(db, user, 'crash-key', request, (tx) =>
      giveActivities(tx, user, giveBody()),
    );
    const replayed = await once(db, user, 'crash-key', request, (tx) =>
      giveActivities(tx, user, giveBody()),
    );
    expect([retried.replayed, replayed.replayed]).toEqual([false, true]);
    expect(replayed.body).toEqual(retried.body);
    expect(await givesCount()).toBe(gives + 1);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});

describe('the other calls that change points take the key too', () => {
  it('PUT activity/{id}: a retry replays; the same key with other points is 409', async () => {
    const given = await give(tok.teacher!, giveBody({ externalStudentIds: [kids[0]!.externalId] }));
    const [a] = await activitiesOf(given.body.giveId);
    const k = key('edit');
    const url = `/activity/${a!.id}`;
    const first = await call(ctx.app, 'PUT', url, {
      token: tok.teacher,
      payload: { points: 7 },
      headers: k,
    });
    expect(first).toMatchObject({ status: 200, body: { _id: a!.id, points: 7 } });
    const again = await call(ctx.app, 'PUT', url, {
      token: tok.teacher,
      payload: { points: 7 },
      headers: k,
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(
      (await call(ctx.app, 'PUT', url, { token: tok.teacher, payload: { points: 9 }, headers: k }))
        .status,
    ).toBe(409);
    expect((await activitiesOf(given.body.giveId))[0]!.points).toBe(7);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('DELETE activity/{id}: a retry replays the answer instead of 404, and takes the points once', async () => {
    const given = await give(tok.teacher!, giveBody({ externalStudentIds: [kids[1]!.externalId] }));
    const [a] = await activitiesOf(given.body.giveId);
    const before = await balanceOf(kids[1]!.id);
    const k = key('delete');
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(ctx.app, 'DELETE', `/activity/${a!.id}`, { token: tok.teacher, headers: k }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(all.every((r) => r.body.ok === true)).toBe(true);
    expect(all.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const later = await call(ctx.app, 'DELETE', `/activity/${a!.id}`, {
      token: tok.teacher,
      headers: k,
    });
    expect(later).toMatchObject({
      status: 200,
      body: { ok: true },
      headers: { 'idempotent-replayed': 'true' },
    });
    expect(await balanceOf(kids[1]!.id)).toBe(before - a!.points);
    expect(
      (
        await call(ctx.app, 'DELETE', `/activity/${a!.id}`, {
          token: tok.teacher,
          headers: key('fresh'),
        })
      ).status,
    ).toBe(404);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('DELETE activity/give/{giveId} (Undo): a retry replays { removed }', async () => {
    const before = await balances();
    const given = await give(tok.teacher!, giveBody());
    const k = key('undo');
    const first = await call(ctx.app, 'DELETE', `/activity/give/${given.body.giveId}`, {
      token: tok.teacher,
      headers: k,
    });
    const again = await call(ctx.app, 'DELETE', `/activity/give/${given.body.giveId}`, {
      token: tok.teacher,
      headers: k,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual({ removed: kids.length });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balances()).toEqual(before);
  });

  it("DELETE group-types/{id}/groups/{groupId}/activity: a retry replays and leaves the group's later gives alone", async () => {
    const made = await call(ctx.app, 'POST', '/group-types', {
      token: tok.teacher,
      payload: {
        name: 'Tables',
        internalPeriodId: period,
        groups: [{ name: 'Red', studentIds: [kids[2]!.id] }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const red = made.body.groups[0]._id as string;
    const viaGroup = giveBody({
      externalStudentIds: undefined,
      groupIds: [red],
      internalPeriodId: period,
    });
    expect((await give(tok.teacher!, viaGroup)).status).toBe(200);
    const url = `/group-types/${made.body._id}/groups/${red}/activity?date=${day}`;
    const k = key('group');
    const first = await call(ctx.app, 'DELETE', url, { token: tok.teacher, headers: k });
    expect(first).toMatchObject({ status: 200, body: { removed: 1 } });
    const before = await balanceOf(kids[2]!.id);
    expect((await give(tok.teacher!, viaGroup)).status).toBe(200);
    const again = await call(ctx.app, 'DELETE', url, { token: tok.teacher, headers: k });
    expect(again).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(kids[2]!.id)).toBeGreaterThan(before);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it("absences after the daily run: a retried unmark does not undo a later mark's take-back", async () => {
    const db = ctx.database.db;
    const on = lastSchoolDay(await loadCalendar(db, school), addDays(day, -1))!;
    expect((await runDailyPoints(db, school.id, on)).given).toBe(true);
    const kid = kids[0]!;
    const url = `/activity/absent/${kid.id}?date=${on}`;
    const start = await balanceOf(kid.id);
    const markKey = key('mark');
    const mark = await call(ctx.app, 'POST', url, { token: tok.teacher, headers: markKey });
    expect(mark).toMatchObject({
      status: 200,
      body: { studentId: kid.id, date: on, absent: true },
    });
    const afterMark = await balanceOf(kid.id);
    expect(afterMark).toBeLessThan(start);
    const unmarkKey = key('unmark');
    expect(
      (await call(ctx.app, 'DELETE', url, { token: tok.teacher, headers: unmarkKey })).status,
    ).toBe(200);
    expect(await balanceOf(kid.id)).toBe(start);
    // Marked again, then the earlier unmark's retry arrives: it is replayed, the points stay taken.
    expect(
      (await call(ctx.app, 'POST', url, { token: tok.teacher, headers: key('mark-again') })).status,
    ).toBe(200);
    const replay = await call(ctx.app, 'DELETE', url, { token: tok.teacher, headers: unmarkKey });
    expect(replay).toMatchObject({ status: 200, body: { absent: false } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(kid.id)).toBe(afterMark);
    expect(
      (await call(ctx.app, 'POST', url, { token: tok.teacher, headers: markKey })).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
