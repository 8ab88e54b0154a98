import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderItems, orders, products } from '../src/db/schema.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let school: SchoolRow;
let students: UserRow[];
let adminToken: string;
let teacherToken: string;
let days: string[];
let typeIds: string[];
let studentTokens: string[];
let storeManagerToken: string;
let goods: ProductRow[];
let periodId: string;
const STOCK = 40;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  students = [];
  for (let i = 0; i < 5; i++) students.push(await makeUser(db, school, ['STUDENT']));
  periodId = (await makePeriod(db, school, teacher, students)).id;
  adminToken = await signIn(ctx.app, admin);
  studentTokens = await Promise.all(students.map((s) => signIn(ctx.app, s)));
  storeManagerToken = await signIn(ctx.app, await makeUser(db, school, ['STORE_MANAGER']));
  await fund(db, school, students, 20);
  goods = [
    await makeProduct(db, school, { name: 'Pencil', price: 3, stock: STOCK }),
    await makeProduct(db, school, { name: 'Sticker', price: 0, stock: null }),
    await makeProduct(db, school, {
      name: 'Pass',
      price: 7,
      stock: null,
      teacherId: teacher.id,
      category: 'Privileges',
    }),
  ];
  teacherToken = await signIn(ctx.app, teacher);
  const d = await schoolDay(db, school);
  days = [d];
  const { lastSchoolDay, addDays } = await import('@app/domain');
  const { loadCalendar } = await import('../src/modules/calendar/service.js');
  const cal = await loadCalendar(db, school);
  const prev = lastSchoolDay(cal, addDays(d, -1));
  if (prev) days.push(prev);
  typeIds = await Promise.all(
    ['Helping others', 'Late to class', 'Leadership', 'Honor roll'].map(
      async (n) => (await typeByName(db, school, n)).id,
    ),
  );
});

const op = fc.oneof(
  fc.record({
    kind: fc.constant('give' as const),
    students: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
    types: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
    day: fc.nat(1),
    admin: fc.boolean(),
    inClass: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    points: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('absent' as const),
    student: fc.nat(4),
    day: fc.nat(1),
    remove: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('daily' as const), day: fc.nat(1) }),
  {
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      student: fc.nat(4),
      items: fc.subarray([0, 1, 2], { minLength: 1 }),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 2,
  },
  {
    // Mostly the store manager (who may do all four); a student may only cancel their own.
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      pick: fc.nat(),
      // Chains that reach every status (and some the transitions refuse).
      actions: fc.constantFrom<string[]>(
        ['CANCEL'],
        ['PACKAGE'],
        ['PACKAGE', 'CANCEL'],
        ['PACKAGE', 'REDEEM'],
        ['PACKAGE', 'REDEEM', 'REFUND'],
        ['REDEEM'],
        ['REFUND'],
        ['PACKAGE', 'REDEEM', 'CANCEL'],
      ),
      byStudent: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
    weight: 4,
  },
);

/** The limited product's stock plus what orders still hold of it is what it started with. */
async function stockKept(): Promise<number> {
  const db = ctx.database.db;
  const [p] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, goods[0]!.id));
  const [held] = await db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(
      orders,
      and(eq(orders.schoolId, orderItems.schoolId), eq(orders.id, orderItems.orderId)),
    )
    .where(
      and(
        eq(orderItems.productId, goods[0]!.id),
        inArray(orders.status, ['PENDING', 'PACKAGED', 'REDEEMED']),
      ),
    );
  return Number(p!.stock) + Number(held!.n);
}

describe('ledger property', () => {
  it('after any sequence of gives, edits, deletes, absences, daily runs, purchases, cancels, packagings, redemptions and refunds every wallet equals its ledger, the rollup equals the activities and orders, the giver rollups equal the activities by giver (and student and class), and stock is kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'give') {
            const token = o.admin ? adminToken : teacherToken;
            const types = o.types
              .map((i) => typeIds[i]!)
              .filter((_, k) => o.admin || o.types[k] !== 3); // Honor roll is admin-only
            if (!types.length) continue;
            const res = await call(ctx.app, 'POST', '/activity/bulk', {
              token,
              payload: {
                externalStudentIds: o.students.map((i) => students[i]!.externalId),
                activityTypes: types,
                date: days[o.day % days.length],
                ...(o.inClass && !o.admin ? { internalPeriodId: periodId } : {}),
              },
            });
            expect(res.status).toBe(200);
          } else if (o.kind === 'absent') {
            const url = `/activity/absent/${students[o.student]!.id}?date=${days[o.day % days.length]}`;
            const res = await call(ctx.app, o.remove ? 'DELETE' : 'POST', url, {
              token: teacherToken,
            });
            expect(res.status).toBe(200);
          } else if (o.kind === 'daily') {
            await runDailyPoints(ctx.database.db, school.id, days[o.day % days.length]!);
          } else if (o.kind === 'buy') {
            // Succeeds, or is refused for a rule (points, stock, item limit) having changed nothing.
            const res = await call(ctx.app, 'POST', '/api/v2/order', {
              token: studentTokens[o.student],
              payload: {
                orderItems: o.items.map((i) => ({ productId: goods[i]!.id, quantity: o.quantity })),
              },
            });
            expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
          } else if (o.kind === 'order') {
            const list = await call(ctx.app, 'GET', '/api/v2/order/teacher/?store=ALL&limit=2000', {
              token: storeManagerToken,
            });
            if (!list.body.length) continue;
            const picked = list.body[o.pick % list.body.length];
            const student = students.findIndex((s) => s.id === picked.studentId);
            const token = o.byStudent ? studentTokens[student]! : storeManagerToken;
            for (const action of o.actions) {
              const res = await call(ctx.app, 'PUT', `/api/v2/order/${picked._id}`, {
                token,
                payload: { action },
              });
              expect([200, 400, 403], JSON.stringify(res.body)).toContain(res.status);
            }
          } else {
            const list = await call(ctx.app, 'GET', '/activity/?limit=1000', { token: adminToken });
            if (!list.body.length) continue;
            const a = list.body[o.pick % list.body.length];
            if (o.kind === 'delete')
              expect(
                (await call(ctx.app, 'DELETE', `/activity/${a._id}`, { token: adminToken })).status,
              ).toBe(200);
            else {
              const points = a.category === 'Flags' ? -o.points : o.points;
              expect(
                (
                  await call(ctx.app, 'PUT', `/activity/${a._id}`, {
                    token: adminToken,
                    payload: { points },
                  })
                ).status,
              ).toBe(200);
            }
          }
        }
        expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
        expect(await stockKept()).toBe(STOCK);
      }),
      { numRuns: 15 },
    );
  });

  it('the books check sees a giver rollup that disagrees with the activities', async () => {
    const db = ctx.database.db;
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: teacherToken,
      payload: {
        externalStudentIds: [students[0]!.externalId],
        activityTypes: [typeIds[0]],
        date: days[0],
      },
    });
    expect(given.status).toBe(200);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
    await db.execute(
      sql`update giver_rollup set points = points + 1 where school_id = ${school.id} and date = ${days[0]}`,
    );
    expect((await ledgerDrift(db, school.id)).length).toBeGreaterThan(0);
    await db.execute(
      sql`update giver_rollup set points = points - 1 where school_id = ${school.id} and date = ${days[0]}`,
    );
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });

  it('the books check sees a giver × student rollup that disagrees with the activities, and a class give is booked under its period', async () => {
    const db = ctx.database.db;
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: teacherToken,
      payload: {
        externalStudentIds: [students[1]!.externalId],
        activityTypes: [typeIds[0]],
        date: days[0],
        internalPeriodId: periodId,
      },
    });
    expect(given.status).toBe(200);
    const booked = (await db.execute(
      sql`select count(*)::int as n from giver_student_monthly where school_id = ${school.id} and period_id = ${periodId} and student_id = ${students[1]!.id} and count > 0`,
    )) as unknown as { rows: { n: number }[] };
    expect(booked.rows[0]!.n).toBeGreaterThan(0);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
    await db.execute(
      sql`update giver_student_monthly set count = count + 1 where school_id = ${school.id} and period_id = ${periodId}`,
    );
    expect((await ledgerDrift(db, school.id)).length).toBeGreaterThan(0);
    await db.execute(
      sql`update giver_student_monthly set count = count - 1 where school_id = ${school.id} and period_id = ${periodId}`,
    );
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
