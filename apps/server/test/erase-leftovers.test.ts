import { and, eq, like, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataExports, idempotencyKeys, rateLimits, signInDevices } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { fund, makeProduct, openStore, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * Erasing a student (docs/decisions/093-erasing-a-student.md) leaves no copy of their name behind
 * (issue 31, L1): the school's exports made before it, the kept answers of idempotent calls that
 * are theirs or name them, and the sign-in limits keyed by their user name all go with it.
 */
const ctx = useTestApp();
const tok = {} as Record<'admin' | 'teacher' | 'kid' | 'classmate', string>;
let school: SchoolRow;
let kid: UserRow;
let classmate: UserRow;
let pencil: ProductRow;
let teacherPass: ProductRow;
let exportId: string;

const order = (token: string, payload: object, key: string) =>
  call(ctx.app, 'POST', '/api/v2/order', { token, payload, headers: { 'idempotency-key': key } });

async function finished(id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call(ctx.app, 'GET', `/exports/${id}`, { token: tok.admin });
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not finish');
}

/** The browsers remembered for the student's sign-ins (docs/decisions/126-device-cookies.md). */
const devicesOf = (u: UserRow) =>
  ctx.database.db
    .select({ name: signInDevices.name })
    .from(signInDevices)
    .where(and(eq(signInDevices.schoolId, u.schoolId), eq(signInDevices.userId, u.id)));

const keysNaming = (username: string) =>
  ctx.database.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      or(
        eq(rateLimits.key, `login:user:${username}`),
        like(rateLimits.key, `login:user-address:${username} %`),
        like(rateLimits.key, `login:address-share:${username} %`),
      ),
    );

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  kid = await makeUser(db, school, ['STUDENT'], { firstName: 'Zelda', lastName: 'Quixote' });
  classmate = await makeUser(db, school, ['STUDENT'], { firstName: 'Otto', lastName: 'Keep' });
  await makePeriod(db, school, teacher, [kid, classmate]);
  await fund(db, school, [kid, classmate], 500);
  pencil = await makeProduct(db, school, { name: 'Pencil', price: 10, stock: null });
  teacherPass = await makeProduct(db, school, {
    name: 'Front seat',
    category: 'Privileges',
    price: 5,
    stock: null,
    teacherId: teacher.id,
  });
  await openStore(db, school);
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.teacher = await signIn(ctx.app, teacher);
  tok.kid = await signIn(ctx.app, kid);
  tok.classmate = await signIn(ctx.app, classmate);

  // Idempotent calls: the student's own, one made for them, and a classmate's.
  const items = (p: ProductRow) => [{ productId: p.id, quantity: 1 }];
  expect((await order(tok.kid, { orderItems: items(pencil) }, 'kid-own')).status).toBe(200);
  const forKid = await order(
    tok.teacher,
    { orderItems: items(teacherPass), studentId: kid.id },
    'for-kid',
  );
  expect(forKid.status, JSON.stringify(forKid.body)).toBe(200);
  expect((await order(tok.classmate, { orderItems: items(pencil) }, 'mate-own')).status).toBe(200);

  // A wrong password for each: sign-in limit rows keyed by their names.
  for (const u of [kid, classmate])
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: u.username, password: 'wrong-password' },
        })
      ).status,
    ).toBe(401);

  // A school export made before the erasure, with the student's name in it.
  const res = await call(ctx.app, 'POST', '/exports', { token: tok.admin, payload: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  exportId = res.body._id;
  expect((await finished(exportId)).status).toBe('done');
});

describe('erasing a student leaves no copy of their name', () => {
  it('before the erasure the leftovers are there', async () => {
    const db = ctx.database.db;
    const kept = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.schoolId, school.id));
    expect(kept.map((k) => k.key).sort()).toEqual(['for-kid', 'kid-own', 'mate-own']);
    expect((await keysNaming(kid.username)).length).toBeGreaterThan(0);
    expect((await devicesOf(kid)).length).toBeGreaterThan(0);
    const dl = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${exportId}/download`,
      headers: { authtoken: tok.admin },
    });
    expect(dl.statusCode).toBe(200);
  });

  it('after it: no export made before it, no kept answer of theirs or naming them, no sign-in limit naming them', async () => {
    const db = ctx.database.db;
    const res = await call(ctx.app, 'POST', `/settings/users/${kid.id}/erase`, {
      token: tok.admin,
      payload: { confirm: 'Zelda Quixote' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await devicesOf(kid)).toEqual([]);
    expect((await devicesOf(classmate)).length).toBeGreaterThan(0);

    const dl = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${exportId}/download`,
      headers: { authtoken: tok.admin },
    });
    expect(dl.statusCode).toBe(404);
    expect(
      await db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(eq(dataExports.schoolId, school.id)),
    ).toEqual([]);

    const kept = await db
      .select({ key: idempotencyKeys.key, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.schoolId, school.id));
    expect(kept.map((k) => k.key)).toEqual(['mate-own']);
    expect(JSON.stringify(kept)).not.toMatch(/Zelda|Quixote/);
    const [mentions] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.schoolId, school.id),
          sql`${idempotencyKeys.response}::text like ${`%${kid.id}%`}`,
        ),
      );
    expect(Number(mentions!.n)).toBe(0);

    expect(await keysNaming(kid.username)).toEqual([]);
    // The classmate's limits stay.
    expect((await keysNaming(classmate.username)).length).toBeGreaterThan(0);

    // A new export after the erasure works and holds no trace of the name.
    const again = await call(ctx.app, 'POST', '/exports', { token: tok.admin, payload: {} });
    expect(again.status).toBe(202);
    expect((await finished(again.body._id)).status).toBe('done');
  });
});
