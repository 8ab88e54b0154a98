import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let a: SchoolRow;
const p: Record<string, ProductRow> = {};
const line = (prod: ProductRow, quantity = 1) => ({ productId: prod.id, quantity });

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  const b = await makeSchool(db);
  u.student = await makeUser(db, a, ['STUDENT']);
  u.other = await makeUser(db, a, ['STUDENT']);
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.t2 = await makeUser(db, a, ['TEACHER']);
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  u.studentB = await makeUser(db, b, ['STUDENT']);
  await makePeriod(db, a, u.teacher, [u.student]);
  await makePeriod(db, a, u.t2, [u.other]);
  p.pencil = await makeProduct(db, a, { name: 'Pencil', price: 10 });
  p.pass = await makeProduct(db, a, {
    name: 'Pass',
    teacherId: u.teacher.id,
    price: 5,
    stock: null,
  });
  p.t2 = await makeProduct(db, a, { name: 'T2 seat', teacherId: u.t2.id });
  p.hidden = await makeProduct(db, a, { name: 'Hidden', active: false });
  p.b = await makeProduct(db, b, { name: 'B pencil' });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

describe('GET, POST and DELETE cart', () => {
  it('401 without a session; 403 for everyone but students', async () => {
    expect((await call(ctx.app, 'GET', '/cart')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/cart', { payload: { cartItems: [] } })).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', '/cart')).status).toBe(401);
    for (const t of [tok.teacher, tok.sm]) {
      expect((await call(ctx.app, 'GET', '/cart', { token: t })).status).toBe(403);
      expect(
        (await call(ctx.app, 'POST', '/cart', { token: t, payload: { cartItems: [] } })).status,
      ).toBe(403);
    }
  });

  it('400 with the field named', async () => {
    expect(
      await call(ctx.app, 'POST', '/cart', {
        token: tok.student,
        payload: { cartItems: [line(p.pencil!, 11)] },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'cartItems quantity must be a whole number from 1 to 10' },
    });
    expect(await call(ctx.app, 'POST', '/cart', { token: tok.student, payload: {} })).toMatchObject(
      { status: 400, body: { message: 'cartItems must be a list' } },
    );
  });

  it('404 for a product out of the student’s reach: another school’s, another teacher’s, hidden, unknown', async () => {
    for (const prod of [p.b!, p.t2!, p.hidden!])
      expect(
        await call(ctx.app, 'POST', '/cart', {
          token: tok.student,
          payload: { cartItems: [line(prod)] },
        }),
      ).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect(
      (
        await call(ctx.app, 'POST', '/cart', {
          token: tok.student,
          payload: { cartItems: [{ productId: 'x', quantity: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'POST', '/cart', {
          token: tok.studentB,
          payload: { cartItems: [line(p.pencil!)] },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps the cart on the server with products as they are now; each student their own; DELETE empties it', async () => {
    expect((await call(ctx.app, 'GET', '/cart', { token: tok.student })).body).toEqual({
      cartItems: [],
    });
    const set = await call(ctx.app, 'POST', '/cart', {
      token: tok.student,
      payload: { cartItems: [line(p.pencil!, 2), line(p.pass!), line(p.pencil!, 1)] },
    });
    expect(set.status).toBe(200);
    expect(set.body.cartItems.map((i: any) => [i.productId, i.quantity, i.product.name])).toEqual([
      [p.pencil!.id, 3, 'Pencil'],
      [p.pass!.id, 1, 'Pass'],
    ]);
    // Another device, later: the price and stock as they are now; a product hidden meanwhile drops out.
    await ctx.database.db
      .update(products)
      .set({ price: 12, stock: 7 })
      .where(eq(products.id, p.pencil!.id));
    await ctx.database.db
      .update(products)
      .set({ active: false })
      .where(eq(products.id, p.pass!.id));
    const later = await call(ctx.app, 'GET', '/cart', { token: tok.student });
    expect(later.body.cartItems).toHaveLength(1);
    expect(later.body.cartItems[0]).toMatchObject({
      productId: p.pencil!.id,
      quantity: 3,
      product: { price: 12, stock: 7 },
    });
    expect((await call(ctx.app, 'GET', '/cart', { token: tok.other })).body).toEqual({
      cartItems: [],
    });
    expect(await call(ctx.app, 'DELETE', '/cart', { token: tok.student })).toMatchObject({
      status: 200,
      body: { cartItems: [] },
    });
    expect((await call(ctx.app, 'GET', '/cart', { token: tok.student })).body).toEqual({
      cartItems: [],
    });
  });
});
