import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { typeByName } from './helpers/economy.js';
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

/** The bell (docs/decisions/108-notifications.md): written with gives and order moves, read by the student. */
const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let a: SchoolRow;
let b: SchoolRow;
let pencil: ProductRow;

const list = (token: string) => call(ctx.app, 'GET', '/notifications', { token });
const countOf = async (student: UserRow) =>
  Number(
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)` })
        .from(notifications)
        .where(
          and(
            eq(notifications.schoolId, student.schoolId),
            eq(notifications.studentId, student.id),
          ),
        )
    )[0]!.n,
  );
const give = async (typeNames: string[], students: UserRow[]) => {
  const types = await Promise.all(typeNames.map((n) => typeByName(ctx.database.db, a, n)));
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tok.teacher,
    payload: {
      externalStudentIds: students.map((s) => s.externalId),
      activityTypes: types.map((t) => t.id),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const buy = async (student: string) => {
  const res = await call(ctx.app, 'POST', '/api/v2/order', {
    token: tok[student],
    payload: { orderItems: [{ productId: pencil.id, quantity: 1 }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0]._id as string;
};

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  b = await makeSchool(db);
  u.s1 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.s2 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  u.studentB = await makeUser(db, b, ['STUDENT']);
  await makePeriod(db, a, u.teacher, [u.s1, u.s2]);
  // Funded through the ledger without a giver: like the daily points, no notification.
  await fund(db, a, [u.s1, u.s2], 100);
  pencil = await makeProduct(db, a, { name: 'Pencil', price: 10, stock: null });
  for (const k of Object.keys(u)) tok[k] = await signIn(ctx.app, u[k]!);
});

describe('notifications', () => {
  it('nothing yet: the daily-points-like ledger write without a giver tells no one', async () => {
    expect(await list(tok.s1!)).toMatchObject({
      status: 200,
      body: { unread: 0, notifications: [] },
    });
  });

  it('a give writes one notification per student, summing its activities; a flag alone writes none', async () => {
    await give(['Kindness', 'Helping others'], [u.s1!, u.s2!]);
    const res = await list(tok.s1!);
    expect(res.body.unread).toBe(1);
    expect(res.body.notifications[0]).toMatchObject({
      kind: 'points',
      read: false,
      detail: expect.stringContaining('Kindness'),
    });
    expect(res.body.notifications[0].points).toBeGreaterThan(0);
    expect(await countOf(u.s2!)).toBe(1);
    await give(['Late to class'], [u.s1!]);
    expect((await list(tok.s1!)).body.unread).toBe(1);
  });

  it('reading marks read up to the newest seen; a later one stays unread', async () => {
    const seen = (await list(tok.s1!)).body.notifications[0]._id as string;
    await give(['Kindness'], [u.s1!]);
    const res = await call(ctx.app, 'POST', '/notifications/read', {
      token: tok.s1!,
      payload: { upTo: seen },
    });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(1);
    expect(res.body.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
  });

  it('packaged, canceled and refunded orders tell the student; their own cancel does not', async () => {
    const before = (await list(tok.s2!)).body.notifications.length as number;
    const first = await buy('s2');
    const put = (id: string, action: string, token = tok.sm!) =>
      call(ctx.app, 'PUT', `/api/v2/order/${id}`, { token, payload: { action } });
    {
      const r = await put(first, 'PACKAGE');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await put(first, 'REDEEM')).status).toBe(200);
    expect((await put(first, 'REFUND')).status).toBe(200);
    const second = await buy('s2');
    expect((await put(second, 'CANCEL', tok.s2!)).status).toBe(200);
    const third = await buy('s2');
    const bulk = await call(ctx.app, 'POST', '/api/v2/order/store-manager/', {
      token: tok.sm!,
      payload: { status: 'CANCELED', users: [u.s2!.id], orderIds: [third] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const res = await list(tok.s2!);
    const fresh = res.body.notifications.slice(0, res.body.notifications.length - before);
    expect(fresh.map((n: { kind: string }) => n.kind)).toEqual([
      'canceled',
      'refunded',
      'packaged',
    ]);
    expect(fresh[0]).toMatchObject({ orderId: third, points: 10, detail: 'Pencil' });
  });

  it('a 1,000-student give tells each of its students (one INSERT … SELECT with the give)', async () => {
    const many = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        makeUser(ctx.database.db, a, ['STUDENT'], { gradeLevel: '7', externalId: `N${i}` }),
      ),
    );
    await give(['Kindness'], many);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(distinct student_id)` })
      .from(notifications)
      .where(and(eq(notifications.schoolId, a.id), sql`kind = 'points'`));
    expect(Number(row!.n)).toBe(1002);
  });

  it('notifications past 60 days are dropped when the student reads', async () => {
    await ctx.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '61 days'` })
      .where(and(eq(notifications.schoolId, a.id), eq(notifications.studentId, u.s1!.id)));
    expect((await list(tok.s1!)).body).toEqual({ unread: 0, notifications: [] });
    await call(ctx.app, 'POST', '/notifications/read', { token: tok.s1!, payload: { upTo: '0' } });
    expect(await countOf(u.s1!)).toBe(0);
  });

  it('staff have no bell (403); bad input is 400; another school sees nothing of school A', async () => {
    expect((await list(tok.teacher!)).status).toBe(403);
    for (const upTo of ['x', '-1', '1'.repeat(19)])
      expect(
        (await call(ctx.app, 'POST', '/notifications/read', { token: tok.s2!, payload: { upTo } }))
          .status,
      ).toBe(400);
    expect((await list(tok.studentB!)).body).toEqual({ unread: 0, notifications: [] });
  });
});
