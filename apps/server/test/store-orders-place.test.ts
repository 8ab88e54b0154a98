import { eq } from 'drizzle-orm';
import { addDays, CURRENCY_NAME, MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { carts, schoolYears } from '../src/db/schema.js';
import { ledgerDrift } from './helpers/economy.js';
import { addDeliveryDate, closeStore, openStore } from './helpers/store.js';
import {
  a,
  balanceOf,
  ctx,
  item,
  order,
  p,
  stockOf,
  today,
  tok,
  u,
  useStoreOrdersSchool,
} from './helpers/store-orders-school.js';

useStoreOrdersSchool();

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
