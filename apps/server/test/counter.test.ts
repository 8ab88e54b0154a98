import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_ALPHABET,
  cardCheckSymbol,
  COUNTER_LOCATION,
  englishOf,
  formatBadgeCode,
  msg,
  MSG,
} from '@app/domain';
import { orders, products, studentBadges, users, wallets } from '../src/db/schema.js';
import { writeOrders } from '../src/ledger/orders.js';
import { ledgerDrift, schoolDay } from './helpers/economy.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The store counter (issue 35, docs/decisions/139-badges-and-counter.md), served by a volunteer
 * signed in with a cashier code: a student by badge, a sale on the spot (stock and balance in one
 * transaction, once per Idempotency-Key, with the store's own messages), its refund, and handing
 * over an order waiting for the student. On PostgreSQL the concurrent sales really run side by side.
 */

const ctx = useTestApp();
let school: SchoolRow;
let manager: UserRow;
let cashier: string;
let managerToken: string;
let teacherToken: string;
let seq = 0;

/** A badge code as stored: 8 random symbols and the check symbol. */
function newBadge(): string {
  const random = [...randomBytes(8)].map((b) => CARD_ALPHABET[b & 31]).join('');
  return random + cardCheckSymbol(random);
}

/** A student of the school with `points` and a badge; the badge code as printed. */
async function badgedStudent(points: number): Promise<{ student: UserRow; badge: string }> {
  const db = ctx.database.db;
  const student = await makeUser(db, school, ['STUDENT'], {
    gradeLevel: '8',
    firstName: `Kid${++seq}`,
  });
  if (points) await fund(db, school, [student], points);
  const code = newBadge();
  await db.insert(studentBadges).values({ schoolId: school.id, studentId: student.id, code });
  return { student, badge: formatBadgeCode(code) };
}

const balanceOf = async (s: UserRow) =>
  Number(
    (
      await ctx.database.db
        .select({ b: wallets.balance })
        .from(wallets)
        .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, s.id)))
    )[0]?.b ?? 0,
  );
const stockOf = async (p: ProductRow) =>
  (
    await ctx.database.db.select({ s: products.stock }).from(products).where(eq(products.id, p.id))
  )[0]!.s;

const sell = (
  token: string,
  studentId: string,
  items: { productId: string; quantity: number }[],
  key?: string,
) =>
  call(ctx.app, 'POST', '/counter/sales', {
    token,
    payload: { studentId, items },
    headers: key ? { 'idempotency-key': key } : {},
  });

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  manager = await makeUser(db, school, ['STORE_MANAGER']);
  managerToken = await signIn(ctx.app, manager);
  teacherToken = await signIn(ctx.app, await makeUser(db, school, ['TEACHER']));
  const made = await call(ctx.app, 'POST', '/cashier-codes', {
    token: managerToken,
    payload: { label: 'Counter volunteer' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const login = await call(ctx.app, 'POST', '/auth/login/cashier', {
    payload: { code: made.body.code },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  cashier = login.body.token;
});

describe('the student at the counter', () => {
  it('a badge names the student: their balance and their school store orders waiting', async () => {
    const { student, badge } = await badgedStudent(100);
    const pencil = await makeProduct(ctx.database.db, school, { name: 'Pencil', price: 10 });
    const kidToken = await signIn(ctx.app, student);
    const placed = await call(ctx.app, 'POST', '/api/v2/order', {
      token: kidToken,
      payload: { orderItems: [{ productId: pencil.id, quantity: 1 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    for (const typed of [badge, badge.replace('-', '').toLowerCase()]) {
      const res = await call(ctx.app, 'GET', `/counter/students/by-badge/${typed}`, {
        token: cashier,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.student).toEqual({
        id: student.id,
        _id: student.id,
        externalId: student.externalId,
        name: `${student.firstName} ${student.lastName}`,
        firstName: student.firstName,
        lastName: student.lastName,
        grade: '8',
        house: null,
        picture: null,
      });
      expect(res.body.balance).toBe(90);
      expect(res.body.pendingOrders.map((o: { _id: string }) => o._id)).toEqual([
        placed.body.orders[0]._id,
      ]);
    }
  });

  it('a code of no student, a mistyped one or a leaver’s is 404', async () => {
    const { student, badge } = await badgedStudent(0);
    const notFound = englishOf(msg('msg.badgeNotFound'));
    for (const code of ['ZZZZ-ZZZZZ', 'hello']) {
      const res = await call(ctx.app, 'GET', `/counter/students/by-badge/${code}`, {
        token: cashier,
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(notFound);
    }
    await ctx.database.db.update(users).set({ leftAt: new Date() }).where(eq(users.id, student.id));
    const res = await call(ctx.app, 'GET', `/counter/students/by-badge/${badge}`, {
      token: cashier,
    });
    expect(res.status).toBe(404);
  });

  it('the products on sale: the school store’s shown ones with stock left', async () => {
    const db = ctx.database.db;
    const shown = await makeProduct(db, school, { name: 'On sale', stock: null });
    const hidden = await makeProduct(db, school, { name: 'Hidden', active: false });
    const soldOut = await makeProduct(db, school, { name: 'Sold out', stock: 0 });
    const gone = await makeProduct(db, school, { name: 'Gone', deletedAt: new Date() });
    const teachers = await makeProduct(db, school, { name: 'Class pass', teacherId: manager.id });
    const res = await call(ctx.app, 'GET', '/counter/products', { token: cashier });
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { _id: string }) => p._id);
    expect(ids).toContain(shown.id);
    for (const p of [hidden, soldOut, gone, teachers]) expect(ids).not.toContain(p.id);
    expect(res.body.find((p: { _id: string }) => p._id === shown.id)).toMatchObject({
      name: 'On sale',
      price: 10,
      stock: null,
    });
    expect((await call(ctx.app, 'GET', '/counter/products', { token: teacherToken })).status).toBe(
      403,
    );
  });
});

describe('selling at the counter', () => {
  it('a sale is an order in the student’s name, handed over at once: balance and stock change once per Idempotency-Key', async () => {
    const { student } = await badgedStudent(100);
    const cap = await makeProduct(ctx.database.db, school, { name: 'Cap', price: 15, stock: 10 });
    const res = await sell(cashier, student.id, [{ productId: cap.id, quantity: 2 }], 'sale-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(70);
    expect(res.body.order).toMatchObject({
      status: 'REDEEMED',
      store: 'School',
      studentId: student.id,
      total: 30,
      deliveryLocation: COUNTER_LOCATION,
      orderItems: [{ productId: cap.id, name: 'Cap', price: 15, quantity: 2 }],
    });
    expect(await balanceOf(student)).toBe(70);
    expect(await stockOf(cap)).toBe(8);

    const replay = await sell(cashier, student.id, [{ productId: cap.id, quantity: 2 }], 'sale-1');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect(await balanceOf(student)).toBe(70);
    expect(await stockOf(cap)).toBe(8);
    // The same key for another sale is refused.
    const reused = await sell(cashier, student.id, [{ productId: cap.id, quantity: 1 }], 'sale-1');
    expect(reused.status).toBe(409);

    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, res.body.order._id));
    expect(row).toMatchObject({ status: 'REDEEMED', deliveryLocation: COUNTER_LOCATION });
    expect(row!.placedBy).not.toBe(student.id);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('the store’s messages when it cannot be: not enough points, sold out, more than the stock, a teacher’s product', async () => {
    const db = ctx.database.db;
    const { student } = await badgedStudent(20);
    const dear = await makeProduct(db, school, { name: 'Hoodie', price: 50 });
    const last = await makeProduct(db, school, { name: 'Sticker', price: 1, stock: 0 });
    const two = await makeProduct(db, school, { name: 'Badge pin', price: 1, stock: 2 });
    const pass = await makeProduct(db, school, { name: 'Desk pass', teacherId: manager.id });

    const poor = await sell(cashier, student.id, [{ productId: dear.id, quantity: 1 }]);
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe(MSG.needMore(30));
    const out = await sell(cashier, student.id, [{ productId: last.id, quantity: 1 }]);
    expect(out.status).toBe(400);
    expect(out.body.message).toBe(MSG.outOfStock('Sticker'));
    const over = await sell(cashier, student.id, [{ productId: two.id, quantity: 3 }]);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.requestedQuantity('Badge pin', 2));
    const teachers = await sell(cashier, student.id, [{ productId: pass.id, quantity: 1 }]);
    expect(teachers.status).toBe(404);
    const nobody = await sell(cashier, manager.id, [{ productId: two.id, quantity: 1 }]);
    expect(nobody.status).toBe(404);
    expect(await balanceOf(student)).toBe(20);
    expect(await stockOf(two)).toBe(2);
  });

  it('20 sales at once to a student whose balance covers 5: exactly 5 made, the others refused with the store’s message', async () => {
    const { student } = await badgedStudent(50);
    const snack = await makeProduct(ctx.database.db, school, {
      name: 'Snack',
      price: 10,
      stock: 100,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sell(cashier, student.id, [{ productId: snack.id, quantity: 1 }], `race-${i}`),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set([`400 ${MSG.needMore(10)}`]),
    );
    expect(ok.map((r) => r.body.balance).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
    expect(await balanceOf(student)).toBe(0);
    expect(await stockOf(snack)).toBe(95);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  }, 60_000);

  it('a sale is refunded: the points back to the student, the stock to the store, once per key', async () => {
    const { student } = await badgedStudent(40);
    const mug = await makeProduct(ctx.database.db, school, { name: 'Mug', price: 25, stock: 3 });
    const sale = await sell(cashier, student.id, [{ productId: mug.id, quantity: 1 }], 'mug-sale');
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(await balanceOf(student)).toBe(15);
    expect(await stockOf(mug)).toBe(2);

    const refund = (key: string) =>
      call(ctx.app, 'POST', `/counter/sales/${sale.body.order._id}/refund`, {
        token: cashier,
        headers: { 'idempotency-key': key },
      });
    const res = await refund('mug-refund');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({ _id: sale.body.order._id, status: 'REFUNDED' });
    expect(res.body.balance).toBe(40);
    expect(await balanceOf(student)).toBe(40);
    expect(await stockOf(mug)).toBe(3);
    const replay = await refund('mug-refund');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(res.body);
    const twice = await refund('mug-refund-2');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MSG.orderRefunded);
    expect(await balanceOf(student)).toBe(40);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});

describe('handing over an order', () => {
  it('a pending or packaged school store order is redeemed; one handed over, canceled or of a teacher’s store is not', async () => {
    const db = ctx.database.db;
    const { student } = await badgedStudent(100);
    const kidToken = await signIn(ctx.app, student);
    const book = await makeProduct(db, school, { name: 'Book', price: 5 });
    const pass = await makeProduct(db, school, {
      name: 'Hall pass',
      price: 5,
      teacherId: manager.id,
    });
    const place = async (productId: string) => {
      const res = await call(ctx.app, 'POST', '/api/v2/order', {
        token: kidToken,
        payload: { orderItems: [{ productId, quantity: 1 }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.orders[0]._id as string;
    };
    const handOver = (id: string, token = cashier) =>
      call(ctx.app, 'POST', `/counter/orders/${id}/hand-over`, { token });

    const pending = await place(book.id);
    const res = await handOver(pending);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: pending, status: 'REDEEMED' });
    expect(await balanceOf(student)).toBe(95);
    const again = await handOver(pending);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.orderRedeemed);

    const packaged = await place(book.id);
    await db.update(orders).set({ status: 'PACKAGED' }).where(eq(orders.id, packaged));
    expect((await handOver(packaged, managerToken)).body.status).toBe('REDEEMED');

    const canceled = await place(book.id);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/v2/order/${canceled}`, {
          token: kidToken,
          payload: { action: 'CANCEL' },
        })
      ).status,
    ).toBe(200);
    const refused = await handOver(canceled);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.orderCanceled);

    // A teacher's store order is not the counter's.
    const day = await schoolDay(db, school);
    const [teacherOrder] = await db.transaction(async (tx) =>
      writeOrders(tx, school.id, day, new Date(), [
        {
          studentId: student.id,
          store: 'Teacher',
          teacherId: manager.id,
          estimatedDelivery: null,
          cutOffDate: null,
          placedBy: student.id,
          items: [
            { productId: pass.id, name: 'Hall pass', price: 5, quantity: 1, category: 'Items' },
          ],
        },
      ]),
    );
    expect((await handOver(teacherOrder!)).status).toBe(404);
    const refundTeacher = await call(ctx.app, 'POST', `/counter/sales/${teacherOrder}/refund`, {
      token: cashier,
    });
    expect(refundTeacher.status).toBe(404);
    expect((await handOver('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await handOver(pending, teacherToken)).status).toBe(403);
  });
});
