import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, wallets } from '../src/db/schema.js';
import { ledgerDrift } from './helpers/economy.js';
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

/*
 * Pickup's "Redeem all" (apps/web/src/routes/orders/Pickup.tsx): at the counter, the store hands a
 * student every packaged school store order at once with one call, POST order/store-manager/
 * { status: 'REDEEMED', users: [the student], orderIds: [their packaged orders] }
 * (docs/decisions/105-fulfilment-queue-and-redeem.md).
 */

const ctx = useTestApp();
const v2 = (path: string) => `/api/v2/${path}`;
let school: SchoolRow;
const u: Record<'kid' | 'other' | 'teacher' | 'store', UserRow> = {} as never;
const tok: Record<'kid' | 'other' | 'teacher' | 'store', string> = {} as never;
let pencil: ProductRow;
let seat: ProductRow;

/** One order the student places for themselves, of one product; its id. */
const place = async (token: string, product: ProductRow): Promise<string> => {
  const res = await call(ctx.app, 'POST', v2('order'), {
    token,
    payload: { orderItems: [{ productId: product.id, quantity: 1 }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0]._id;
};
const act = async (token: string, id: string, action: string) => {
  const res = await call(ctx.app, 'PUT', v2(`order/${id}`), { token, payload: { action } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
/** The call Redeem all makes. */
const redeemAll = (student: UserRow, orderIds: string[]) =>
  call(ctx.app, 'POST', v2('order/store-manager/'), {
    token: tok.store,
    payload: { status: 'REDEEMED', users: [student.id], orderIds },
  });
const rows = (ids: string[]) =>
  ctx.database.db
    .select({ id: orders.id, status: orders.status, updatedAt: orders.updatedAt })
    .from(orders)
    .where(and(eq(orders.schoolId, school.id), inArray(orders.id, ids)));
const statusOf = async (ids: string[]) =>
  Object.fromEntries((await rows(ids)).map((r) => [r.id, r.status]));
const balanceOf = async (student: UserRow) => {
  const [w] = await ctx.database.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, student.id)));
  return Number(w!.balance);
};
const noticesOf = async (student: UserRow) =>
  (
    await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.schoolId, school.id), eq(notifications.studentId, student.id)))
  ).length;

/** A student with three packaged school store orders, one pending, one packaged in a teacher's store; another student with one packaged. */
async function counter() {
  const packaged = [
    await place(tok.kid, pencil),
    await place(tok.kid, pencil),
    await place(tok.kid, pencil),
  ];
  const pending = await place(tok.kid, pencil);
  const teacherStore = await place(tok.kid, seat);
  const others = await place(tok.other, pencil);
  for (const id of [...packaged, others]) await act(tok.store, id, 'PACKAGE');
  await act(tok.teacher, teacherStore, 'PACKAGE');
  return { packaged, pending, teacherStore, others };
}

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db, { storeModel: 'Pickup' });
  u.kid = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  u.other = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.store = await makeUser(db, school, ['STORE_MANAGER']);
  await makePeriod(db, school, u.teacher, [u.kid, u.other]);
  await fund(db, school, [u.kid, u.other], 1000);
  pencil = await makeProduct(db, school, { name: 'Pencil', price: 10, stock: 100 });
  seat = await makeProduct(db, school, {
    name: 'Front seat',
    category: 'Privileges',
    price: 5,
    stock: null,
    teacherId: u.teacher.id,
  });
  for (const k of Object.keys(u) as (keyof typeof u)[]) tok[k] = await signIn(ctx.app, u[k]);
});

describe("Pickup's Redeem all", () => {
  it("redeems each of the student's packaged orders once and leaves every other order as it was", async () => {
    const { packaged, pending, teacherStore, others } = await counter();
    const balance = await balanceOf(u.kid);
    const res = await redeemAll(u.kid, packaged);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ updated: 3, skipped: 0 });
    expect(res.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual([...packaged].sort());
    expect(res.body.orders.every((o: { status: string }) => o.status === 'REDEEMED')).toBe(true);
    expect(await statusOf([...packaged, pending, teacherStore, others])).toEqual({
      ...Object.fromEntries(packaged.map((id) => [id, 'REDEEMED'])),
      [pending]: 'PENDING',
      [teacherStore]: 'PACKAGED',
      [others]: 'PACKAGED',
    });
    // Handing over moves no points: they were spent when the orders were placed.
    expect(await balanceOf(u.kid)).toBe(balance);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('is safe to retry: the same call again changes nothing, and ids not packaged for that student are skipped', async () => {
    const { packaged, pending, teacherStore, others } = await counter();
    expect((await redeemAll(u.kid, packaged)).body).toMatchObject({ updated: 3 });
    const before = await rows([...packaged, pending, teacherStore, others]);
    const balances = [await balanceOf(u.kid), await balanceOf(u.other)];
    const notices = await noticesOf(u.kid);

    // A retry (a double click, a lost answer): nothing moves again, nothing is written.
    const again = await redeemAll(u.kid, packaged);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ updated: 0, skipped: 3, orders: [] });
    // A call naming the student's pending order and another student's packaged one: neither is handed over.
    const stray = await redeemAll(u.kid, [pending, others]);
    expect(stray.status).toBe(200);
    expect(stray.body).toMatchObject({ updated: 0, skipped: 1, orders: [] });

    // Every order as it was, to its last update.
    expect(await rows([...packaged, pending, teacherStore, others])).toEqual(
      expect.arrayContaining(before),
    );
    expect(await statusOf([pending, teacherStore, others])).toEqual({
      [pending]: 'PENDING',
      [teacherStore]: 'PACKAGED',
      [others]: 'PACKAGED',
    });
    expect([await balanceOf(u.kid), await balanceOf(u.other)]).toEqual(balances);
    expect(await noticesOf(u.kid)).toBe(notices);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('two Redeem all at once (two counters, or a retry racing the first) redeem each order exactly once between them', async () => {
    const { packaged } = await counter();
    const [a, b] = await Promise.all([redeemAll(u.kid, packaged), redeemAll(u.kid, packaged)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.updated + b.body.updated).toBe(3);
    const moved = [...a.body.orders, ...b.body.orders].map((o: { _id: string }) => o._id);
    expect(moved.sort()).toEqual([...packaged].sort());
    expect(Object.values(await statusOf(packaged))).toEqual(['REDEEMED', 'REDEEMED', 'REDEEMED']);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});
