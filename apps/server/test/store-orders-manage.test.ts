import { eq } from 'drizzle-orm';
import { addDays, MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { ledgerDrift } from './helpers/economy.js';
import { call } from './helpers/test-app.js';
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
  v2,
} from './helpers/store-orders-school.js';

useStoreOrdersSchool();

// The orders these tests read and act on, as the ordering tests (store-orders-place.test.ts) left
// them when both were one file: a student's checkout of school and teacher items, and a teacher's
// order for another student.
beforeAll(async () => {
  for (const [token, payload] of [
    [tok.s1, { orderItems: [item(p.pencil!, 2), item(p.mine!, 1), item(p.few!, 1)] }],
    [tok.teacher, { orderItems: [item(p.mine!, 2)], studentId: u.s2!.id }],
  ] as const) {
    const res = await order(token, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
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
