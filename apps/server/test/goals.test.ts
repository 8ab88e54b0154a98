import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, savingGoals } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/** A student's saving goal (docs/decisions/107-saving-goals.md): GET, PUT and DELETE goal. */
const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
const p: Record<string, ProductRow> = {};
let a: SchoolRow;
let b: SchoolRow;

const goal = (token: string) => call(ctx.app, 'GET', '/goal', { token });
const pin = (token: string, productId: string) =>
  call(ctx.app, 'PUT', '/goal', { token, payload: { productId } });
const setProduct = (prod: ProductRow, set: Partial<typeof products.$inferInsert>) =>
  ctx.database.db.update(products).set(set).where(eq(products.id, prod.id));

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  b = await makeSchool(db);
  u.s1 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.s2 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.t2 = await makeUser(db, a, ['TEACHER']);
  u.studentB = await makeUser(db, b, ['STUDENT']);
  await makePeriod(db, a, u.teacher, [u.s1]);
  await makePeriod(db, a, u.t2, [u.s2]);
  await fund(db, a, [u.s1, u.s2], 24);
  p.hoodie = await makeProduct(db, a, { name: 'Hoodie', price: 50, stock: 3 });
  p.pencil = await makeProduct(db, a, { name: 'Pencil', price: 10, stock: null });
  p.poster = await makeProduct(db, a, { name: 'Poster', price: 5, stock: 0 });
  p.hidden = await makeProduct(db, a, { name: 'Secret', active: false });
  p.pass = await makeProduct(db, a, {
    name: 'Homework pass',
    category: 'Privileges',
    price: 15,
    teacherId: u.teacher.id,
  });
  p.other = await makeProduct(db, b, { name: 'Elsewhere' });
  for (const k of Object.keys(u)) tok[k] = await signIn(ctx.app, u[k]!);
});

describe('GET, PUT and DELETE goal', () => {
  it('starts with no goal; pins a school product and answers it with its price now', async () => {
    expect(await goal(tok.s1!)).toMatchObject({ status: 200, body: { goal: null, note: null } });
    const res = await pin(tok.s1!, p.hoodie!.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal.product).toMatchObject({ _id: p.hoodie!.id, name: 'Hoodie', price: 50 });
    expect((await goal(tok.s1!)).body.goal.product._id).toBe(p.hoodie!.id);
  });

  it('one goal at a time: pinning another replaces it', async () => {
    await pin(tok.s1!, p.hoodie!.id);
    expect((await pin(tok.s1!, p.pencil!.id)).status).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(savingGoals)
      .where(and(eq(savingGoals.schoolId, a.id), eq(savingGoals.studentId, u.s1!.id)));
    expect(rows.map((r) => r.productId)).toEqual([p.pencil!.id]);
  });

  it("a teacher's product: their own student may pin it, another teacher's student may not", async () => {
    expect((await pin(tok.s1!, p.pass!.id)).status).toBe(200);
    expect(await pin(tok.s2!, p.pass!.id)).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
  });

  it('refuses a sold-out, hidden, unknown, malformed or other school product', async () => {
    expect(await pin(tok.s2!, p.poster!.id)).toMatchObject({
      status: 400,
      body: { message: 'Poster is out of stock' },
    });
    for (const id of [p.hidden!.id, p.other!.id, '00000000-0000-0000-0000-000000000000', 'x'])
      expect((await pin(tok.s2!, id)).status).toBe(404);
    expect((await call(ctx.app, 'PUT', '/goal', { token: tok.s2!, payload: {} })).status).toBe(400);
  });

  it('staff have no goal: 403', async () => {
    expect((await goal(tok.teacher!)).status).toBe(403);
    expect((await pin(tok.teacher!, p.pencil!.id)).status).toBe(403);
  });

  it('a goal that sells out is unpinned with a note, kept until dismissed, even once restocked', async () => {
    await pin(tok.s2!, p.hoodie!.id);
    await setProduct(p.hoodie!, { stock: 0 });
    const first = await goal(tok.s2!);
    expect(first.body).toEqual({ goal: null, note: { productName: 'Hoodie', reason: 'soldOut' } });
    await setProduct(p.hoodie!, { stock: 3 });
    expect((await goal(tok.s2!)).body.note).toEqual({ productName: 'Hoodie', reason: 'soldOut' });
    expect(await call(ctx.app, 'DELETE', '/goal', { token: tok.s2! })).toMatchObject({
      status: 200,
      body: { goal: null, note: null },
    });
    expect((await goal(tok.s2!)).body).toEqual({ goal: null, note: null });
  });

  it('a goal whose product is hidden or deleted is unpinned as gone', async () => {
    const cap = await makeProduct(ctx.database.db, a, { name: 'Cap', price: 30 });
    await pin(tok.s2!, cap.id);
    await setProduct(cap, { active: false });
    expect((await goal(tok.s2!)).body.note).toEqual({ productName: 'Cap', reason: 'gone' });
    const mug = await makeProduct(ctx.database.db, a, { name: 'Mug', price: 30 });
    await pin(tok.s2!, mug.id);
    await call(ctx.app, 'DELETE', `/products/school/${mug.id}`, {
      token: await signIn(ctx.app, await makeUser(ctx.database.db, a, ['SCHOOL_ADMIN'])),
    });
    expect((await goal(tok.s2!)).body.note).toEqual({ productName: 'Mug', reason: 'gone' });
  });

  it('a goal the student buys is unpinned as bought', async () => {
    await pin(tok.s1!, p.pencil!.id);
    const res = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.s1!,
      payload: { orderItems: [{ productId: p.pencil!.id, quantity: 1 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await goal(tok.s1!)).body.note).toEqual({ productName: 'Pencil', reason: 'bought' });
  });

  it("another school's student never sees school A's goal", async () => {
    expect((await goal(tok.studentB!)).body).toEqual({ goal: null, note: null });
  });
});
