import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp, type TestContext } from './helpers/test-app.js';

const PATHS = (schoolId: string) => [
  '/dev/schools',
  `/dev/users/${schoolId}`,
  `/dev/periods/${schoolId}`,
];

async function world(ctx: TestContext) {
  const db = ctx.database.db;
  const school = await makeSchool(db);
  const other = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER'], { lastName: 'Zulu' });
  const student = await makeUser(db, school, ['STUDENT'], { lastName: 'Alpha' });
  await makePeriod(db, school, teacher, [student], { periodNumber: 2, name: 'Math' });
  await makePeriod(db, school, teacher, [], { periodNumber: 1, name: 'Art' });
  return { school, other, token: await signIn(ctx.app, teacher) };
}

describe('outside development mode', () => {
  const ctx = useTestApp({ NODE_ENV: 'production' });
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(ctx);
  });

  it('every dev call is 404', async () => {
    for (const path of PATHS(w.school.id)) {
      const res = await call(ctx.app, 'GET', path, { token: w.token });
      expect(res, path).toMatchObject({ status: 404, body: { message: 'Not found' } });
    }
  });
});

describe('in development mode', () => {
  const ctx = useTestApp({ NODE_ENV: 'development' });
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(ctx);
  });

  it('401 without a token', async () => {
    for (const path of PATHS(w.school.id))
      expect((await call(ctx.app, 'GET', path)).status, path).toBe(401);
  });

  it('404 for an unknown or non-uuid school', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect((await call(ctx.app, 'GET', `/dev/users/${id}`, { token: w.token })).status).toBe(404);
      expect((await call(ctx.app, 'GET', `/dev/periods/${id}`, { token: w.token })).status).toBe(
        404,
      );
    }
  });

  it('GET dev/schools lists the schools', async () => {
    const res = await call(ctx.app, 'GET', '/dev/schools', { token: w.token });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { _id: string }) => s._id).sort()).toEqual(
      [w.school.id, w.other.id].sort(),
    );
    expect(res.body[0]).toMatchObject({
      externalId: expect.any(String),
      name: expect.any(String),
      canTeacherGiveAll: true,
    });
  });

  it("GET dev/users/{school} lists that school's users with roles, by last name", async () => {
    const res = await call(ctx.app, 'GET', `/dev/users/${w.school.id}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(
      res.body.map((u: { lastName: string; roles: string[] }) => [u.lastName, u.roles]),
    ).toEqual([
      ['Alpha', ['STUDENT']],
      ['Zulu', ['TEACHER']],
    ]);
    expect(
      (await call(ctx.app, 'GET', `/dev/users/${w.other.id}`, { token: w.token })).body,
    ).toEqual([]);
  });

  it("GET dev/periods/{school} lists that school's periods by number", async () => {
    const res = await call(ctx.app, 'GET', `/dev/periods/${w.school.id}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(
      res.body.map((p: { name: string; periodNumber: number }) => [p.name, p.periodNumber]),
    ).toEqual([
      ['Art', 1],
      ['Math', 2],
    ]);
  });
});
