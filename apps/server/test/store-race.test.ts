import { and, eq, lt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/domain';
import { orderItems, orders, products, wallets } from '../src/db/schema.js';
import { createSession } from '../src/modules/auth/service.js';
import { ledgerDrift } from './helpers/economy.js';
import { makeSchool, makeUser, type SchoolRow, type UserRow } from './helpers/factories.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Store day: 200 students buy the last 50 of one item at the same moment while a 201st student's
 * purchase is sent 20 times at once with one Idempotency-Key (a double click, a retrying client).
 * Nobody is charged twice, nothing is oversold, no balance goes below zero, and the books balance.
 * On PostgreSQL the requests really run side by side (a pool of 20 connections); on PGlite one by one.
 */
const ctx = useTestApp();
const BUYERS = 200;
const STOCK = 50;
const RETRIES = 20;
let school: SchoolRow;
let students: UserRow[];
let tokens: string[];
let retrier: UserRow;
let retrierToken: string;
let hoodie: ProductRow;
let cap: ProductRow;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  students = [];
  for (let i = 0; i < BUYERS; i++)
    students.push(await makeUser(db, school, ['STUDENT'], { gradeLevel: '8' }));
  retrier = await makeUser(db, school, ['STUDENT'], { gradeLevel: '8' });
  await fund(db, school, [...students, retrier], 30);
  hoodie = await makeProduct(db, school, { name: 'Hoodie', price: 25, stock: STOCK });
  cap = await makeProduct(db, school, { name: 'Cap', price: 20, stock: 5 });
  tokens = await Promise.all(
    students.map(async (s) => (await createSession(db, school.id, s.id, 1)).token),
  );
  retrierToken = (await createSession(db, school.id, retrier.id, 1)).token;
}, 120_000);

describe('store day race', () => {
  it(`${BUYERS} buyers for ${STOCK} hoodies and one purchase retried ${RETRIES} times at once: 50 + 1 orders, stock 0, no one below zero, books balance`, async () => {
    const buy = (token: string, productId: string, headers: Record<string, string> = {}) =>
      call(ctx.app, 'POST', '/api/v2/order', {
        token,
        payload: { orderItems: [{ productId, quantity: 1 }] },
        headers,
      });
    const key = 'checkout-3f9c2a';
    const [bought, retried] = await Promise.all([
      Promise.all(tokens.map((t) => buy(t, hoodie.id))),
      Promise.all(
        Array.from({ length: RETRIES }, () =>
          buy(retrierToken, cap.id, { 'idempotency-key': key }),
        ),
      ),
    ]);

    const ok = bought.filter((r) => r.status === 200);
    const refused = bought.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(STOCK);
    expect(new Set(refused.map((r) => `${r.status} ${r.body?.message}`))).toEqual(
      new Set(['400 Hoodie is out of stock']),
    );

    // Every retry got the one answer back.
    expect(retried.map((r) => r.status)).toEqual(Array(RETRIES).fill(200));
    expect(new Set(retried.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(retried.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(
      RETRIES - 1,
    );

    const db = ctx.database.db;
    const count = async (productId: string) =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(orderItems)
            .innerJoin(
              orders,
              and(eq(orders.schoolId, orderItems.schoolId), eq(orders.id, orderItems.orderId)),
            )
            .where(and(eq(orderItems.schoolId, school.id), eq(orderItems.productId, productId)))
        )[0]!.n,
      );
    expect(await count(hoodie.id)).toBe(STOCK);
    expect(await count(cap.id)).toBe(1);
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(eq(products.schoolId, school.id));
    expect(Object.fromEntries(stock.map((s) => [s.id, s.stock]))).toEqual({
      [hoodie.id]: 0,
      [cap.id]: 4,
    });

    // Those who got a hoodie paid 25 once; the others kept their 30; the retrier paid 20 once.
    const balances = new Map(
      (await db.select().from(wallets).where(eq(wallets.schoolId, school.id))).map((w) => [
        w.studentId,
        Number(w.balance),
      ]),
    );
    const winners = new Set(ok.map((r) => r.body.orders[0].studentId as string));
    expect(winners.size).toBe(STOCK);
    for (const s of students) expect(balances.get(s.id)).toBe(winners.has(s.id) ? 5 : 30);
    expect(balances.get(retrier.id)).toBe(10);
    expect(
      await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.schoolId, school.id), lt(wallets.balance, 0))),
    ).toEqual([]);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  }, 240_000);

  it('one student sending 10 purchases at once spends at most their balance, and at most the per-student limit', async () => {
    const db = ctx.database.db;
    const [rich, poor] = [
      await makeUser(db, school, ['STUDENT'], { gradeLevel: '8' }),
      await makeUser(db, school, ['STUDENT'], { gradeLevel: '8' }),
    ];
    await fund(db, school, [poor], 30); // three pencils' worth
    await fund(db, school, [rich], 1000);
    const pencil = await makeProduct(db, school, { name: 'Pencil', price: 10, stock: null });
    const pass = await makeProduct(db, school, {
      name: 'Lunch pass',
      price: 10,
      stock: null,
      limitPerStudent: 2,
    });
    const at = async (u: UserRow, productId: string) => {
      const token = (await createSession(db, school.id, u.id, 1)).token;
      return Promise.all(
        Array.from({ length: 10 }, () =>
          call(ctx.app, 'POST', '/api/v2/order', {
            token,
            payload: { orderItems: [{ productId, quantity: 1 }] },
          }),
        ),
      );
    };
    const [pencils, passes] = await Promise.all([at(poor, pencil.id), at(rich, pass.id)]);
    // The refusals are worded as ever (docs/spec.md section 10.4), whichever path answered.
    expect(pencils.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(pencils.filter((r) => r.status !== 200).map((r) => r.body?.message))).toEqual(
      new Set([MSG.keepWorking(10)]),
    );
    expect(passes.filter((r) => r.status === 200)).toHaveLength(2);
    expect(new Set(passes.filter((r) => r.status !== 200).map((r) => r.body?.message))).toEqual(
      new Set([MSG.requestedOverLimit('Lunch pass', 2, 0)]),
    );
    const balance = async (u: UserRow) =>
      Number(
        (
          await db
            .select({ b: wallets.balance })
            .from(wallets)
            .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, u.id)))
        )[0]!.b,
      );
    expect(await balance(poor)).toBe(0);
    expect(await balance(rich)).toBe(980);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  }, 120_000);
});
