import { and, eq } from 'drizzle-orm';
import { addDays, CURRENCY_NAME, MSG, todayIn } from '@app/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carts, orders, products, schoolYears, wallets } from '../src/db/schema.js';
import { ledgerDrift } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import {
  addDeliveryDate,
  closeStore,
  fund,
  makeProduct,
  openStore,
  type ProductRow,
} from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let a: SchoolRow;
let b: SchoolRow;
const p: Record<string, ProductRow> = {};
let today: string;

const v2 = (path: string) => `/api/v2/${path}`;
const order = (token: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', v2('order'), { token, payload, headers });
const item = (prod: ProductRow, quantity = 1) => ({ productId: prod.id, quantity });
const balanceOf = async (user: UserRow) => {
  const [w] = await ctx.database.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.schoolId, user.schoolId), eq(wallets.studentId, user.id)));
  return Number(w?.balance ?? 0);
};
const stockOf = async (prod: ProductRow) => {
  const [row] = await ctx.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, prod.id));
  return row!.stock;
};

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db, { storeModel: 'Delivery' });
  b = await makeSchool(db);
  today = todayIn(a.timeZone);
  u.s1 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.s2 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7' });
  u.s3 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.poor = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.neg = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.t2 = await makeUser(db, a, ['TEACHER']);
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  u.asm = await makeUser(db, a, ['ASSISTANT_STORE_MANAGER']);
  u.admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  u.studentB = await makeUser(db, b, ['STUDENT']);
  await makePeriod(db, a, u.teacher, [u.s1, u.s2, u.poor, u.neg]);
  await makePeriod(db, a, u.t2, [u.s3]);
  await fund(db, a, [u.s1, u.s2, u.s3], 500);
  await fund(db, a, [u.poor], 5);
  await fund(db, a, [u.neg], -5);
  await fund(db, b, [u.studentB], 500);
  p.pencil = await makeProduct(db, a, { name: 'Pencil', price: 10, stock: 100 });
  p.free = await makeProduct(db, a, { name: 'Sticker', price: 0, stock: null });
  p.few = await makeProduct(db, a, { name: 'Hoodie', price: 20, stock: 2 });
  p.gone = await makeProduct(db, a, { name: 'Poster', price: 5, stock: 0 });
  p.limited = await makeProduct(db, a, {
    name: 'Lunch pass',
    category: 'Privileges',
    price: 5,
    stock: null,
    limitPerStudent: 2,
  });
  p.hidden = await makeProduct(db, a, { name: 'Secret', active: false });
  p.mine = await makeProduct(db, a, {
    name: 'Homework pass',
    category: 'Privileges',
    price: 15,
    stock: null,
    teacherId: u.teacher.id,
  });
  p.t2 = await makeProduct(db, a, {
    name: 'Front seat',
    category: 'Privileges',
    price: 5,
    teacherId: u.t2.id,
  });
  p.bPencil = await makeProduct(db, b, { name: 'B pencil' });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

beforeEach(async () => {
  await openStore(ctx.database.db, a);
});

describe('POST order (v2)', () => {
  it('401 without a session', async () => {
    expect(await order(undefined, { orderItems: [item(p.pencil!)] })).toMatchObject({
      status: 401,
      body: { message: MSG.unauthorized },
    });
  });

  it('400 with the exact message for bad input', async () => {
    expect(await order(tok.s1, { orderItems: [] })).toMatchObject({
      status: 400,
      body: { message: 'orderItems must have at least 1 item' },
    });
    expect(await order(tok.s1, {})).toMatchObject({
      status: 400,
      body: { message: 'orderItems must be a list' },
    });
    expect(await order(tok.s1, { orderItems: [item(p.pencil!, 11)] })).toMatchObject({
      status: 400,
      body: { message: MSG.orderItemsLimit },
    });
    expect(await order(tok.s1, { orderItems: [item(p.pencil!, 0)] })).toMatchObject({
      status: 400,
      body: { message: 'orderItems quantity must be a whole number from 1 to 10' },
    });
    expect(
      await order(tok.s1, { orderItems: [item(p.pencil!)] }, { 'idempotency-key': 'a b' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1 to 200 visible characters' },
    });
  });

  it('400 for every rule, with the spec messages', async () => {
    const cases: [string, object, string][] = [
      [
        'more than 10 items in one store',
        { orderItems: [item(p.pencil!, 6), item(p.free!, 5)] },
        MSG.orderItemsLimit,
      ],
      ['out of stock', { orderItems: [item(p.gone!)] }, 'Poster is out of stock'],
      [
        'more than the stock',
        { orderItems: [item(p.few!, 3)] },
        'Requested quantity of Hoodie is not available. Only 2 left.',
      ],
      [
        'over the per-student limit',
        { orderItems: [item(p.limited!, 3)] },
        MSG.requestedOverLimit('Lunch pass', 2, 2),
      ],
      ['hidden product', { orderItems: [item(p.hidden!)] }, 'Secret is not available'],
    ];
    for (const [what, payload, message] of cases)
      expect({ what, ...(await order(tok.s1, payload)) }).toMatchObject({
        what,
        status: 400,
        body: { message },
      });
    expect(await order(tok.poor, { orderItems: [item(p.pencil!)] })).toMatchObject({
      status: 400,
      body: { message: `Keep working! You need to earn 5 more ${CURRENCY_NAME}.` },
    });
    expect(await order(tok.neg, { orderItems: [item(p.free!)] })).toMatchObject({
      status: 400,
      body: { message: MSG.balanceNegative },
    });
    expect(
      await order(tok.teacher, { orderItems: [item(p.mine!)], studentId: u.poor!.id }),
    ).toMatchObject({
      status: 400,
      body: {
        message: `The student needs to earn 10 more ${CURRENCY_NAME} to make this purchase.`,
      },
    });
    expect(await order(tok.teacher, { orderItems: [item(p.mine!)] })).toMatchObject({
      status: 400,
      body: { message: MSG.selectStudent },
    });
    // Nothing was charged or taken by the refusals.
    expect(await balanceOf(u.s1!)).toBe(500);
    expect(await stockOf(p.few!)).toBe(2);
  });

  it('400 while the store is closed (with its reopening date) and after the school year', async () => {
    const reopen = addDays(today, 3);
    await closeStore(ctx.database.db, a, reopen);
    const closed = await order(tok.s1, { orderItems: [item(p.pencil!)] });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toMatch(
      /^The store is closed\. It will reopen on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    await openStore(ctx.database.db, a);
    const db = ctx.database.db;
    const [year] = await db.select().from(schoolYears).where(eq(schoolYears.schoolId, a.id));
    await db
      .update(schoolYears)
      .set({ endDate: addDays(today, -1) })
      .where(eq(schoolYears.id, year!.id));
    try {
      expect(await order(tok.s1, { orderItems: [item(p.pencil!)] })).toMatchObject({
        status: 400,
        body: { message: MSG.schoolYearEnded },
      });
    } finally {
      await db
        .update(schoolYears)
        .set({ endDate: year!.endDate })
        .where(eq(schoolYears.id, year!.id));
    }
  });

  it('403 for roles that do not buy, a student ordering for another, a teacher outside their classes or store', async () => {
    expect((await order(tok.admin, { orderItems: [item(p.pencil!)] })).status).toBe(403);
    expect((await order(tok.sm, { orderItems: [item(p.pencil!)] })).status).toBe(403);
    expect(
      (await order(tok.s1, { orderItems: [item(p.pencil!)], studentId: u.s2!.id })).status,
    ).toBe(403);
    expect(
      (await order(tok.teacher, { orderItems: [item(p.mine!)], studentId: u.s3!.id })).status,
    ).toBe(403);
    expect(
      (await order(tok.teacher, { orderItems: [item(p.pencil!)], studentId: u.s1!.id })).status,
    ).toBe(403);
  });

  it('404 for another school’s product, a teacher store not theirs, an unknown id; another school’s student', async () => {
    expect(await order(tok.s1, { orderItems: [item(p.bPencil!)] })).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
    expect((await order(tok.s1, { orderItems: [item(p.t2!)] })).status).toBe(404);
    expect((await order(tok.s1, { orderItems: [{ productId: 'nope', quantity: 1 }] })).status).toBe(
      404,
    );
    expect(
      (
        await order(tok.s1, {
          orderItems: [{ productId: '00000000-0000-0000-0000-000000000000', quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    expect((await order(tok.adminB, { orderItems: [item(p.pencil!)] })).status).toBe(403);
    expect((await order(tok.studentB, { orderItems: [item(p.pencil!)] })).status).toBe(404);
  });

  it('a checkout of school and teacher items makes one order per store, charges once, takes the stock, empties the cart of them', async () => {
    const db = ctx.database.db;
    const delivery = await addDeliveryDate(db, a, addDays(today, 7), addDays(today, 5));
    await addDeliveryDate(db, a, addDays(today, 2), addDays(today, 1), ['7']); // not for grade 6
    await db.insert(carts).values({
      schoolId: a.id,
      studentId: u.s1!.id,
      items: [item(p.pencil!, 2), item(p.free!, 1)],
    });
    const before = await balanceOf(u.s1!);
    const res = await order(tok.s1, {
      orderItems: [item(p.pencil!, 2), item(p.mine!, 1), item(p.few!, 1)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(before - 20 - 15 - 20);
    expect(await balanceOf(u.s1!)).toBe(before - 55);
    const byStore = Object.fromEntries(res.body.orders.map((o: any) => [o.store, o]));
    expect(Object.keys(byStore).sort()).toEqual(['School', 'Teacher']);
    expect(byStore.School).toMatchObject({
      status: 'PENDING',
      total: 40,
      studentId: u.s1!.id,
      estimatedDelivery: delivery.date,
      cutOffDate: delivery.cutOffDate,
      deliveryLocation: null,
      teacher: null,
      orderItems: [
        { productId: p.few!.id, name: 'Hoodie', price: 20, quantity: 1, category: 'Items' },
        { productId: p.pencil!.id, name: 'Pencil', price: 10, quantity: 2, category: 'Items' },
      ],
    });
    expect(byStore.Teacher).toMatchObject({
      total: 15,
      teacher: { _id: u.teacher!.id },
      orderItems: [{ name: 'Homework pass', price: 15, quantity: 1 }],
    });
    expect(await stockOf(p.pencil!)).toBe(98);
    expect(await stockOf(p.few!)).toBe(1);
    const [cart] = await db.select().from(carts).where(eq(carts.studentId, u.s1!.id));
    expect(cart!.items).toEqual([item(p.free!, 1)]);
    expect(await ledgerDrift(db, a.id)).toEqual([]);
  });

  it('a teacher orders for a student of theirs from their own store', async () => {
    const before = await balanceOf(u.s2!);
    const res = await order(tok.teacher, { orderItems: [item(p.mine!, 2)], studentId: u.s2!.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(1);
    expect(res.body.orders[0]).toMatchObject({
      store: 'Teacher',
      studentId: u.s2!.id,
      total: 30,
      student: { _id: u.s2!.id, gradeLevel: '7' },
    });
    expect(await balanceOf(u.s2!)).toBe(before - 30);
  });

  it('the per-student limit counts what the student already holds', async () => {
    expect((await order(tok.s3, { orderItems: [item(p.limited!, 2)] })).status).toBe(200);
    expect(await order(tok.s3, { orderItems: [item(p.limited!, 1)] })).toMatchObject({
      status: 400,
      body: { message: MSG.requestedOverLimit('Lunch pass', 2, 0) },
    });
  });

  it('an Idempotency-Key makes a retry get the first answer back, charged once; another body with it is 409', async () => {
    const before = await balanceOf(u.s3!);
    const key = `k-${Date.now()}`;
    const first = await order(
      tok.s3,
      { orderItems: [item(p.pencil!)] },
      { 'idempotency-key': key },
    );
    const again = await order(
      tok.s3,
      { orderItems: [item(p.pencil!)] },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(u.s3!)).toBe(before - 10);
    const other = await order(
      tok.s3,
      { orderItems: [item(p.pencil!, 2)] },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(409);
    // Keys belong to their user: another student's same key is a new purchase.
    expect(
      (await order(tok.s2, { orderItems: [item(p.pencil!)] }, { 'idempotency-key': key })).status,
    ).toBe(200);
  });
});

describe('GET order/student and order/teacher/', () => {
  it('401 without a session', async () => {
    expect((await call(ctx.app, 'GET', v2('order/student'))).status).toBe(401);
    expect((await call(ctx.app, 'GET', v2('order/teacher/'))).status).toBe(401);
  });

  it('400 for a bad filter', async () => {
    expect(
      await call(ctx.app, 'GET', v2('order/student?status=SHIPPED'), { token: tok.s1 }),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          'status must be one of ALL, ACTIVE, OPEN, PENDING, PACKAGED, REDEEMED, REFUNDED, CANCELED',
      },
    });
    expect(
      (await call(ctx.app, 'GET', v2('order/teacher/?deliveryDate=soon'), { token: tok.sm })).body,
    ).toEqual({ message: 'deliveryDate must be a date (YYYY-MM-DD)' });
  });

  it('403 for the other side', async () => {
    expect((await call(ctx.app, 'GET', v2('order/student'), { token: tok.teacher })).status).toBe(
      403,
    );
    expect((await call(ctx.app, 'GET', v2('order/teacher/'), { token: tok.s1 })).status).toBe(403);
  });

  it('a student sees only their own orders; a teacher their store’s; the store staff the school store’s (or every store’s)', async () => {
    await order(tok.s2, { orderItems: [item(p.pencil!)] });
    const mine = await call(ctx.app, 'GET', v2('order/student'), { token: tok.s1 });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((o: any) => o.studentId === u.s1!.id)).toBe(true);

    const teacher = await call(ctx.app, 'GET', v2('order/teacher/'), { token: tok.teacher });
    expect(teacher.body.length).toBeGreaterThan(0);
    expect(
      teacher.body.every((o: any) => o.store === 'Teacher' && o.teacher._id === u.teacher!.id),
    ).toBe(true);
    expect((await call(ctx.app, 'GET', v2('order/teacher/'), { token: tok.t2 })).body).toEqual([]);

    const queue = await call(ctx.app, 'GET', v2('order/teacher/'), { token: tok.asm });
    expect(queue.body.length).toBeGreaterThan(0);
    expect(queue.body.every((o: any) => o.store === 'School')).toBe(true);
    const all = await call(ctx.app, 'GET', v2('order/teacher/?store=ALL'), { token: tok.sm });
    expect(all.body.length).toBe(queue.body.length + teacher.body.length);
    const grade7 = await call(ctx.app, 'GET', v2('order/teacher/?gradeLevel=7'), { token: tok.sm });
    expect(grade7.body.every((o: any) => o.student.gradeLevel === '7')).toBe(true);
    // A page is the same orders, items and all, as the list they come from.
    const firstTwo = await call(ctx.app, 'GET', v2('order/teacher/?store=ALL&limit=2'), {
      token: tok.sm,
    });
    const second = await call(ctx.app, 'GET', v2('order/teacher/?store=ALL&limit=1&offset=1'), {
      token: tok.sm,
    });
    expect(firstTwo.body).toEqual(all.body.slice(0, 2));
    expect(second.body).toEqual([all.body[1]]);
    expect(second.body[0].orderItems.length).toBeGreaterThan(0);
    const byStudent = await call(
      ctx.app,
      'GET',
      v2(`order/teacher/?studentId=${u.s2!.id}&status=PENDING`),
      { token: tok.sm },
    );
    expect(byStudent.body.length).toBeGreaterThan(0);
    expect(
      byStudent.body.every((o: any) => o.studentId === u.s2!.id && o.status === 'PENDING'),
    ).toBe(true);
    // School B's admin sees none of school A's.
    expect(
      (await call(ctx.app, 'GET', v2('order/teacher/?store=ALL'), { token: tok.adminB })).body,
    ).toEqual([]);
  });

  it('OPEN lists what is still to be handed over: pending and packaged, not redeemed or canceled', async () => {
    const placed = async () => {
      const res = await order(tok.s2, { orderItems: [item(p.pencil!)] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.orders as { _id: string }[])[0]!._id;
    };
    const act = (id: string, action: string) =>
      call(ctx.app, 'PUT', v2(`order/${id}`), { token: tok.sm, payload: { action } });
    const [pending, packaged, redeemed, canceled] = [
      await placed(),
      await placed(),
      await placed(),
      await placed(),
    ];
    expect((await act(packaged!, 'PACKAGE')).status).toBe(200);
    expect((await act(redeemed!, 'PACKAGE')).status).toBe(200);
    expect((await act(redeemed!, 'REDEEM')).status).toBe(200);
    expect((await act(canceled!, 'CANCEL')).status).toBe(200);
    const open = await call(
      ctx.app,
      'GET',
      v2(`order/teacher/?studentId=${u.s2!.id}&status=OPEN`),
      {
        token: tok.sm,
      },
    );
    expect(open.status).toBe(200);
    const ids = (open.body as { _id: string; status: string }[]).map((o) => o._id);
    expect(ids).toEqual(expect.arrayContaining([pending, packaged]));
    expect(ids).not.toContain(redeemed);
    expect(ids).not.toContain(canceled);
    expect(
      (open.body as { status: string }[]).every((o) => ['PENDING', 'PACKAGED'].includes(o.status)),
    ).toBe(true);
  });
});

describe('PUT order/{id}', () => {
  const put = (token: string | undefined, id: string, payload: object) =>
    call(ctx.app, 'PUT', v2(`order/${id}`), { token, payload });
  const place = async (token: string, items: object[], extra: object = {}) => {
    const res = await order(token, { orderItems: items, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.orders[0] as { _id: string; total: number };
  };

  it('401, 400 for a bad action, 404 for another school or a bad id', async () => {
    const o = await place(tok.s1!, [item(p.pencil!)]);
    expect((await put(undefined, o._id, { action: 'CANCEL' })).status).toBe(401);
    expect(await put(tok.sm, o._id, { action: 'SHIP' })).toMatchObject({
      status: 400,
      body: { message: 'action must be one of CANCEL, PACKAGE, REDEEM, REFUND' },
    });
    expect((await put(tok.adminB, o._id, { action: 'CANCEL' })).status).toBe(404);
    expect((await put(tok.sm, 'nope', { action: 'CANCEL' })).status).toBe(404);
  });

  it('403 for another student, a student doing more than cancel, a teacher of another store', async () => {
    const o = await place(tok.s1!, [item(p.pencil!)]);
    expect((await put(tok.s2, o._id, { action: 'CANCEL' })).status).toBe(403);
    expect((await put(tok.s1, o._id, { action: 'PACKAGE' })).status).toBe(403);
    expect((await put(tok.teacher, o._id, { action: 'PACKAGE' })).status).toBe(403);
    const t = await place(tok.s1!, [item(p.mine!)]);
    expect((await put(tok.t2, t._id, { action: 'PACKAGE' })).status).toBe(403);
    expect((await put(tok.teacher, t._id, { action: 'PACKAGE' })).status).toBe(200);
  });

  it('a student cancels before the cut-off and gets the points and stock back; once', async () => {
    const before = await balanceOf(u.s1!);
    const stock = (await stockOf(p.few!))!;
    const o = await place(tok.s1!, [item(p.few!)]);
    expect(await balanceOf(u.s1!)).toBe(before - 20);
    expect(await stockOf(p.few!)).toBe(stock - 1);
    const res = await put(tok.s1, o._id, { action: 'CANCEL' });
    expect(res).toMatchObject({ status: 200, body: { _id: o._id, status: 'CANCELED' } });
    expect(await balanceOf(u.s1!)).toBe(before);
    expect(await stockOf(p.few!)).toBe(stock);
    expect(await put(tok.s1, o._id, { action: 'CANCEL' })).toMatchObject({
      status: 400,
      body: { message: MSG.orderCanceled },
    });
    expect(await put(tok.sm, o._id, { action: 'PACKAGE' })).toMatchObject({
      status: 400,
      body: { message: MSG.orderCanceled },
    });
    expect(await ledgerDrift(ctx.database.db, a.id)).toEqual([]);
  });

  it('after the cut-off day the student may not cancel; the store manager still may', async () => {
    const o = await place(tok.s1!, [item(p.pencil!)]);
    await ctx.database.db
      .update(orders)
      .set({ cutOffDate: addDays(today, -1) })
      .where(eq(orders.id, o._id));
    expect(await put(tok.s1, o._id, { action: 'CANCEL' })).toMatchObject({
      status: 400,
      body: { message: MSG.cancelPassed },
    });
    await ctx.database.db.update(orders).set({ cutOffDate: today }).where(eq(orders.id, o._id));
    expect((await put(tok.s1, o._id, { action: 'CANCEL' })).status).toBe(200); // the cut-off day counts to its end
    const o2 = await place(tok.s1!, [item(p.pencil!)]);
    await ctx.database.db
      .update(orders)
      .set({ cutOffDate: addDays(today, -1) })
      .where(eq(orders.id, o2._id));
    expect((await put(tok.sm, o2._id, { action: 'CANCEL' })).body.status).toBe('CANCELED');
  });

  it('store staff package, redeem (with a delivery location) and refund; the refund gives the points back', async () => {
    const before = await balanceOf(u.s2!);
    const o = await place(tok.s2!, [item(p.pencil!, 3)]);
    expect(await put(tok.asm, o._id, { action: 'REDEEM' })).toMatchObject({
      status: 400,
      body: { message: MSG.packageBeforeRedeem },
    });
    expect(await put(tok.asm, o._id, { action: 'REFUND' })).toMatchObject({
      status: 400,
      body: { message: MSG.refundRedeemedOnly },
    });
    expect((await put(tok.asm, o._id, { action: 'PACKAGE' })).body.status).toBe('PACKAGED');
    expect(await put(tok.asm, o._id, { action: 'PACKAGE' })).toMatchObject({
      status: 400,
      body: { message: MSG.orderPackaged },
    });
    const redeemed = await put(tok.asm, o._id, { action: 'REDEEM', deliveryLocation: 'Room 12' });
    expect(redeemed.body).toMatchObject({ status: 'REDEEMED', deliveryLocation: 'Room 12' });
    expect(await put(tok.s2, o._id, { action: 'CANCEL' })).toMatchObject({
      status: 400,
      body: { message: MSG.cancelRedeemed },
    });
    expect(await balanceOf(u.s2!)).toBe(before - 30);
    expect((await put(tok.sm, o._id, { action: 'REFUND' })).body.status).toBe('REFUNDED');
    expect(await balanceOf(u.s2!)).toBe(before);
    expect(await put(tok.sm, o._id, { action: 'REFUND' })).toMatchObject({
      status: 400,
      body: { message: MSG.orderRefunded },
    });
    expect(await ledgerDrift(ctx.database.db, a.id)).toEqual([]);
  });
});

describe('POST order/store-manager/, GET order/store-manager/meta, GET order/stats/{id}', () => {
  const bulk = (token: string | undefined, payload: object) =>
    call(ctx.app, 'POST', v2('order/store-manager/'), { token, payload });

  it('401, 400 with the exact message, 403 for other roles, 404 for another school’s students', async () => {
    expect((await bulk(undefined, { status: 'PACKAGED', users: [u.s1!.id] })).status).toBe(401);
    expect(await bulk(tok.sm, { status: 'PACKAGED', users: [] })).toMatchObject({
      status: 400,
      body: { message: MSG.selectStudent },
    });
    expect(
      await bulk(tok.sm, { status: 'PACKAGED', users: [u.s1!.id], estimatedDelivery: 'friday' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'estimatedDelivery must be a date (YYYY-MM-DD)' },
    });
    expect((await bulk(tok.teacher, { status: 'PACKAGED', users: [u.s1!.id] })).status).toBe(403);
    expect((await bulk(tok.s1, { status: 'PACKAGED', users: [u.s1!.id] })).status).toBe(403);
    expect(await bulk(tok.adminB, { status: 'PACKAGED', users: [u.s1!.id] })).toMatchObject({
      status: 404,
      body: { message: 'Student not found' },
    });
    for (const path of ['order/store-manager/meta', `order/stats/${u.s1!.id}`]) {
      expect((await call(ctx.app, 'GET', v2(path))).status).toBe(401);
      expect((await call(ctx.app, 'GET', v2(path), { token: tok.teacher })).status).toBe(403);
      expect((await call(ctx.app, 'GET', v2(path), { token: tok.s1 })).status).toBe(403);
    }
    expect(
      (await call(ctx.app, 'GET', v2(`order/stats/${u.s1!.id}`), { token: tok.adminB })).status,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', v2('order/stats/nope'), { token: tok.sm })).status).toBe(
      404,
    );
  });

  it('sets a status and an estimated delivery on the chosen students’ school orders; canceling returns points and stock', async () => {
    const placed = [
      await order(tok.s1, { orderItems: [item(p.pencil!)] }),
      await order(tok.s2, { orderItems: [item(p.pencil!)] }),
    ];
    expect(placed.map((r) => r.status)).toEqual([200, 200]);
    const ids = placed.map((r) => r.body.orders[0]._id);
    const when = addDays(today, 9);
    const res = await bulk(tok.asm, {
      status: 'PACKAGED',
      users: [u.s1!.id, u.s2!.id],
      estimatedDelivery: when,
      orderIds: ids,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ updated: 2, skipped: 0 });
    expect(res.body.orders.map((o: any) => [o.status, o.estimatedDelivery])).toEqual([
      ['PACKAGED', when],
      ['PACKAGED', when],
    ]);
    // Again: already packaged, so only the date changes; REFUNDED cannot come from PACKAGED.
    expect(
      (
        await bulk(tok.sm, {
          status: 'PACKAGED',
          users: [u.s1!.id],
          orderIds: ids,
          estimatedDelivery: addDays(when, 1),
        })
      ).body,
    ).toMatchObject({ updated: 1, skipped: 0 });
    expect(
      (await bulk(tok.sm, { status: 'REFUNDED', users: [u.s1!.id], orderIds: ids })).body,
    ).toMatchObject({ updated: 0, skipped: 1 });
    const before = await balanceOf(u.s1!);
    const stock = await stockOf(p.pencil!);
    expect(
      (await bulk(tok.sm, { status: 'CANCELED', users: [u.s1!.id], orderIds: ids })).body,
    ).toMatchObject({ updated: 1 });
    expect(await balanceOf(u.s1!)).toBe(before + 10);
    expect(await stockOf(p.pencil!)).toBe((stock ?? 0) + 1);
    expect(await ledgerDrift(ctx.database.db, a.id)).toEqual([]);
  });

  it('meta counts the school store’s orders and lists what the queue filters by; stats sum up one student', async () => {
    const meta = await call(ctx.app, 'GET', v2('order/store-manager/meta'), { token: tok.sm });
    expect(meta.status).toBe(200);
    expect(meta.body.counts.PENDING + meta.body.counts.PACKAGED).toBeGreaterThan(0);
    expect(meta.body.gradeLevels).toEqual(expect.arrayContaining(['6', '7']));
    expect(meta.body.storeModel).toBe('Delivery');
    const stats = await call(ctx.app, 'GET', v2(`order/stats/${u.s1!.id}`), { token: tok.asm });
    expect(stats.status).toBe(200);
    expect(stats.body.student._id).toBe(u.s1!.id);
    expect(stats.body.balance).toBe(await balanceOf(u.s1!));
    const list = (await call(ctx.app, 'GET', v2('order/student?limit=2000'), { token: tok.s1 }))
      .body as any[];
    expect(stats.body.spent).toBe(
      list
        .filter((o) => ['PENDING', 'PACKAGED', 'REDEEMED'].includes(o.status))
        .reduce((n, o) => n + o.total, 0),
    );
    expect(stats.body.openOrders).toBe(
      list.filter((o) => ['PENDING', 'PACKAGED'].includes(o.status)).length,
    );
  });
});
