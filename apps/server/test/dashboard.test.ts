import {
  addDays,
  bucketStarts,
  givingDaysBetween,
  paceWindow,
  todayIn,
  weekStart,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeActivities } from '../src/ledger/write.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { addDeliveryDate, makeProduct } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let a: SchoolRow;
let student: UserRow;
let stranger: UserRow;
let today: string;
let orderId: string;
let delivery: string;
const tok = {} as Record<
  'student' | 'teacher' | 'loner' | 'admin' | 'adminB' | 'storeManager',
  string
>;

/** The student's ledger, on fixed days before today: [days back, activity type, points]. */
const LEDGER: [number, string, number][] = [
  [40, 'Leadership', 10],
  [10, 'Kindness', 5],
  [10, 'Honor roll', 50],
  [3, 'Phone out', -3],
  [1, 'Helping others', 5],
];
const PRICE = 15;

const stats = (query: string, token?: string) =>
  call(ctx.app, 'GET', `/utility/student/dashboard/stats${query}`, { token });

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db, { storeModel: 'Delivery' });
  today = todayIn(a.timeZone);
  student = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  stranger = await makeUser(db, a, ['STUDENT']);
  const teacher = await makeUser(db, a, ['TEACHER']);
  await makePeriod(db, a, teacher, [student]);
  const b = await makeSchool(db);
  tok.student = await signIn(ctx.app, student);
  tok.teacher = await signIn(ctx.app, teacher);
  tok.loner = await signIn(ctx.app, await makeUser(db, a, ['TEACHER']));
  tok.admin = await signIn(ctx.app, await makeUser(db, a, ['SCHOOL_ADMIN']));
  tok.storeManager = await signIn(ctx.app, await makeUser(db, a, ['STORE_MANAGER']));
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
  for (const [back, name, points] of LEDGER) {
    const type = await typeByName(db, a, name);
    await db.transaction((tx) =>
      writeActivities(tx, a.id, [{ studentId: student.id, type, points }], {
        date: addDays(today, -back),
        comment: name,
        periodId: null,
        groupId: null,
        givenBy: null,
      }),
    );
  }
  // A pending order with a delivery date: bought today through the real call.
  delivery = addDays(today, 9);
  await addDeliveryDate(db, a, delivery, addDays(today, 7));
  const product = await makeProduct(db, a, { name: 'Dashboard pencil', price: PRICE });
  const bought = await call(ctx.app, 'POST', '/api/v2/order', {
    token: tok.student,
    payload: { orderItems: [{ productId: product.id, quantity: 1 }] },
  });
  expect(bought.status).toBe(200);
  orderId = bought.body.orders[0]._id;
});

const EARNED = LEDGER.reduce((n, [, , p]) => n + p, 0); // 67
const BALANCE = EARNED - PRICE; // 52

describe('GET utility/student/dashboard/stats', () => {
  it('401 without a token; 400 for bad or backwards or too long ranges, and staff naming no student', async () => {
    expect((await stats('')).status).toBe(401);
    expect((await stats('?startDate=nope', tok.student)).body).toEqual({
      message: 'startDate must be a date (YYYY-MM-DD)',
    });
    expect((await stats('?startDate=2026-02-30', tok.student)).status).toBe(400);
    expect(
      (await stats(`?startDate=${today}&endDate=${addDays(today, -1)}`, tok.student)).body,
    ).toEqual({ message: 'startDate must not be after endDate' });
    expect(
      (await stats(`?startDate=${addDays(today, -400)}&endDate=${today}`, tok.student)).body,
    ).toEqual({ message: 'The date range can be at most 400 days' });
    // One side defaulted to today can make the range too long, too.
    expect((await stats(`?startDate=${addDays(today, -500)}`, tok.student)).body).toEqual({
      message: 'The date range can be at most 400 days',
    });
    expect((await stats('', tok.teacher)).body).toEqual({ message: 'studentId is required' });
  });

  it('403 for a teacher not teaching the student; 404 for another school; a student cannot read another', async () => {
    expect((await stats(`?studentId=${student.id}`, tok.loner)).status).toBe(403);
    expect((await stats(`?studentId=${student.id}`, tok.adminB)).status).toBe(404);
    expect(await stats(`?studentId=${stranger.id}`, tok.student)).toMatchObject({
      status: 403,
      body: { message: 'This student is not in your classes.' },
    });
    const own = await stats(`?studentId=${student.id}`, tok.student);
    expect(own.status).toBe(200);
    expect(own.body.studentId).toBe(student.id);
  });

  it('a student sees their balance, tiers, the last 30 days by day and category, recent activity and pending orders', async () => {
    const res = await stats('', tok.student);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({
      studentId: student.id,
      startDate: addDays(today, -29),
      endDate: today,
      bucket: 'day',
      balance: BALANCE,
      totalEarned: EARNED,
      totalSpent: PRICE,
    });
    expect(s.tier).toEqual({
      name: 'Bronze',
      next: 'Silver',
      pointsToNext: 100 - BALANCE,
      progress: BALANCE,
    });
    // Member level follows this year's earnings (all of the ledger is in the factory year).
    expect(s.memberStatus).toMatchObject({
      name: 'Bronze',
      next: 'Silver',
      yearEarned: EARNED,
      pointsToNext: 250 - EARNED,
      progress: Math.floor((EARNED / 250) * 100),
    });
    expect(s.memberStatus.nextUnlock).toMatchObject({
      level: 'Silver',
      theme: 'nature and weather',
      emojiPrice: 60,
    });
    // Every day of the range, the 40-days-back bonus outside it.
    expect(s.earnedOverTime).toHaveLength(30);
    const on = (back: number) =>
      s.earnedOverTime.find((d: { date: string }) => d.date === addDays(today, -back));
    expect(on(10)).toEqual({ date: addDays(today, -10), earned: 55, spent: 0 });
    expect(on(3)).toMatchObject({ earned: -3 });
    expect(on(0)).toEqual({ date: today, earned: 0, spent: PRICE });
    expect(s.earnedOverTime.reduce((n: number, d: { earned: number }) => n + d.earned, 0)).toBe(
      EARNED - 10,
    );
    expect(s.byCategory).toEqual([
      { category: 'Flags', earned: -3, count: 1 },
      { category: 'Bonuses', earned: 10, count: 2 },
      { category: 'Academic Pay Day', earned: 50, count: 1 },
      { category: 'Daily Behavior', earned: 0, count: 0 },
      { category: 'Daily Attendance', earned: 0, count: 0 },
    ]);
    // Newest first; the two of one day, the later write first.
    expect(s.recentActivity.map((r: { activityType: string }) => r.activityType)).toEqual([
      'Helping others',
      'Phone out',
      'Honor roll',
      'Kindness',
      'Leadership',
    ]);
    expect(s.recentActivity[0]).toMatchObject({
      date: addDays(today, -1),
      points: 5,
      category: 'Bonuses',
      givenByName: 'School',
      comment: 'Helping others',
    });
    expect(s.pendingOrders).toEqual([
      expect.objectContaining({
        _id: orderId,
        status: 'PENDING',
        store: 'School',
        total: PRICE,
        items: [{ name: 'Dashboard pencil', quantity: 1 }],
        estimatedDelivery: delivery,
        cutOffDate: addDays(today, 7),
      }),
    ]);
  });

  it('sums a long range by week and counts only the days inside it', async () => {
    const start = addDays(today, -100);
    const res = await stats(`?startDate=${start}&endDate=${today}`, tok.student);
    expect(res.body.bucket).toBe('week');
    expect(res.body.earnedOverTime.map((w: { date: string }) => w.date)).toEqual(
      bucketStarts(start, today, 'week'),
    );
    expect(res.body.earnedOverTime[0].date).toBe(weekStart(start));
    expect(
      res.body.earnedOverTime.reduce((n: number, w: { earned: number }) => n + w.earned, 0),
    ).toBe(EARNED);
    const week = res.body.earnedOverTime.find(
      (w: { date: string }) => w.date === weekStart(addDays(today, -40)),
    );
    expect(week.earned).toBeGreaterThanOrEqual(10);
  });

  it('a pending order leaves once it is redeemed', async () => {
    const pack = await call(ctx.app, 'PUT', `/api/v2/order/${orderId}`, {
      token: tok.storeManager,
      payload: { action: 'PACKAGE' },
    });
    expect(pack.status).toBe(200);
    expect((await stats('', tok.student)).body.pendingOrders[0]).toMatchObject({
      _id: orderId,
      status: 'PACKAGED',
    });
    const redeem = await call(ctx.app, 'PUT', `/api/v2/order/${orderId}`, {
      token: tok.storeManager,
      payload: { action: 'REDEEM' },
    });
    expect(redeem.status).toBe(200);
    expect((await stats('', tok.student)).body.pendingOrders).toEqual([]);
  });

  it('staff read a student they may see', async () => {
    for (const token of [tok.teacher, tok.admin]) {
      const res = await stats(
        `?studentId=${student.id}&startDate=${addDays(today, -5)}&endDate=${today}`,
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ studentId: student.id, balance: BALANCE, bucket: 'day' });
      expect(res.body.earnedOverTime).toHaveLength(6);
    }
  });
});

describe('POST utility/student/balance (pay-period breakdown)', () => {
  const balance = (payload: object, token = tok.student) =>
    call(ctx.app, 'POST', '/utility/student/balance', { token, payload });

  it('401, 400 for bad dates, an empty list gives an empty object', async () => {
    expect(
      (await call(ctx.app, 'POST', '/utility/student/balance', { payload: { endDates: [] } }))
        .status,
    ).toBe(401);
    expect((await balance({ endDates: ['2026-13-01'] })).body).toEqual({
      message: 'endDates must be a date (YYYY-MM-DD)',
    });
    expect((await balance({ endDates: 'today' })).status).toBe(400);
    expect(await balance({ endDates: [] })).toMatchObject({ status: 200, body: {} });
  });

  it('the balance at each end date, with earned and spent since the one before, in date order', async () => {
    const d = (back: number) => addDays(today, -back);
    const res = await balance({ endDates: [today, d(20), d(5), d(50), d(20)] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([d(50), d(20), d(5), today]);
    expect(res.body).toEqual({
      [d(50)]: { balance: 0, earned: 0, spent: 0 },
      [d(20)]: { balance: 10, earned: 10, spent: 0 },
      [d(5)]: { balance: 65, earned: 55, spent: 0 },
      [today]: { balance: BALANCE, earned: 2, spent: PRICE },
    });
  });

  it('staff as the permission table says: the teacher and admin yes, another teacher no, another school not found', async () => {
    expect(
      (await balance({ endDates: [today], studentId: student.id }, tok.teacher)).body[today]
        .balance,
    ).toBe(BALANCE);
    expect((await balance({ endDates: [today], studentId: student.id }, tok.admin)).status).toBe(
      200,
    );
    expect((await balance({ endDates: [today], studentId: student.id }, tok.loner)).status).toBe(
      403,
    );
    expect((await balance({ endDates: [today], studentId: student.id }, tok.adminB)).status).toBe(
      404,
    );
    expect((await balance({ endDates: [today] }, tok.teacher)).body).toEqual({
      message: 'studentId is required',
    });
  });
});

describe('GET utility/student/academic-projections', () => {
  const projections = (query: string, token?: string) =>
    call(ctx.app, 'GET', `/utility/student/academic-projections${query}`, { token });

  it('401, 400 for staff naming no student, 403 and 404 as for balances', async () => {
    expect((await projections('')).status).toBe(401);
    expect((await projections('', tok.admin)).body).toEqual({ message: 'studentId is required' });
    expect((await projections(`?studentId=${student.id}`, tok.loner)).status).toBe(403);
    expect((await projections(`?studentId=${student.id}`, tok.adminB)).status).toBe(404);
  });

  it('projects each remaining pay period from the pace of the last 28 days', async () => {
    const res = await projections('', tok.student);
    expect(res.status).toBe(200);
    const p = res.body;
    const cal = await loadCalendar(ctx.database.db, a);
    const window = paceWindow(cal, today);
    const givingDays = givingDaysBetween(cal, window.start, window.end);
    // The window holds the bonuses of 10, 3 and 1 days back: 5 + 50 - 3 + 5.
    expect(p).toMatchObject({
      studentId: student.id,
      asOf: today,
      balance: BALANCE,
      yearEarned: EARNED,
    });
    expect(p.pace).toEqual({
      perDay: Math.round((57 / givingDays) * 10) / 10,
      from: window.start,
      to: addDays(today, -1),
      givingDays,
      earned: 57,
    });
    expect(p.periods.length).toBeGreaterThan(0);
    expect(p.periods[0].startDate <= today && today <= p.periods[0].endDate).toBe(true);
    expect(p.periods.at(-1).endDate).toBe(cal.yearEnd);
    for (const period of p.periods) {
      expect(period.projectedBalance).toBe(
        BALANCE + Math.round(p.pace.perDay * period.givingDaysLeft),
      );
      expect(period.projectedYearEarned).toBe(
        EARNED + Math.round(p.pace.perDay * period.givingDaysLeft),
      );
    }
    // A pace of about 3 a day for months lifts the balance past Bronze by the year's end.
    expect(p.periods.at(-1).projectedTier).not.toBe('Bronze');
  });

  it('a teacher reads their student', async () => {
    const res = await projections(`?studentId=${student.id}`, tok.teacher);
    expect(res.status).toBe(200);
    expect(res.body.studentId).toBe(student.id);
  });
});
