import { and, eq } from 'drizzle-orm';
import { MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { activities, houses, orders, yearOpenings } from '../src/db/schema.js';
import { makeUser, signIn, type UserRow } from './helpers/factories.js';
import { typeByName } from './helpers/economy.js';
import { makeProduct } from './helpers/store.js';
import { call } from './helpers/test-app.js';
import {
  at,
  balanceOf,
  books,
  ctx,
  NEXT,
  schoolWithYear,
  userRow,
  useSchoolYears,
  waitDone,
  YEAR,
} from './helpers/school-years.js';

useSchoolYears();

describe('a school year ends, and the next one opens', () => {
  it('after the last day gives and purchases are refused, reports read; the opening (dry run first) caps, promotes, lets the top grade leave; the books balance throughout', async () => {
    const db = ctx.database.db;
    at('2027-06-15');
    const school = await schoolWithYear();
    await db.insert(houses).values({ schoolId: school.id, name: 'amistad', color: '#123456' });
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const s6 = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6', house: 'amistad' });
    const s7 = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
    const s8 = await makeUser(db, school, ['STUDENT'], { gradeLevel: '8' });
    let adminToken = await signIn(ctx.app, admin);
    const kindness = (await typeByName(db, school, 'Kindness')).id;
    const give = (ids: UserRow[], date: string) =>
      call(ctx.app, 'POST', '/activity/bulk', {
        token: adminToken,
        payload: {
          externalStudentIds: ids.map((s) => s.externalId),
          activityTypes: [kindness],
          date,
        },
      });
    // Before the end: points are given, a purchase placed.
    for (let i = 0; i < 3; i++) expect((await give([s6, s8], '2027-06-14')).status).toBe(200);
    expect((await give([s7], '2027-06-14')).status).toBe(200);
    const pointsEach = await balanceOf(s7);
    expect(pointsEach).toBeGreaterThan(0);
    const product = await makeProduct(db, school, { price: 5 });
    let s8Token = await signIn(ctx.app, s8);
    const buy = (token: string) =>
      call(ctx.app, 'POST', '/api/v2/order', {
        token,
        payload: { orderItems: [{ productId: product.id, quantity: 1 }] },
      });
    expect((await buy(s8Token)).status).toBe(200);
    expect(await books()).toBe(0);

    // The clock passes the year's last day (a fortnight on, everyone signs in again).
    at('2027-07-02');
    adminToken = await signIn(ctx.app, admin);
    s8Token = await signIn(ctx.app, s8);
    expect(await give([s6], '2027-06-30')).toMatchObject({
      status: 400,
      body: { message: MSG.schoolYearEnded },
    });
    expect(await buy(s8Token)).toMatchObject({
      status: 400,
      body: { message: MSG.schoolYearEnded },
    });
    const reports = [
      '/reports/school-students?startDate=2026-08-01&endDate=2027-06-30',
      '/reports/school-dashboard?startDate=2026-08-01&endDate=2027-06-30',
      '/reports/teacher-usage?startDate=2026-08-01&endDate=2027-06-30',
      '/calendar',
    ];
    for (const url of reports)
      expect((await call(ctx.app, 'GET', url, { token: adminToken })).status).toBe(200);
    const view = await call(ctx.app, 'GET', '/settings/school-year', { token: adminToken });
    expect(view.body).toMatchObject({
      label: '2026-27',
      ended: true,
      openingDue: true,
      next: { label: '2027-28', ...NEXT },
    });

    // The school caps balances at the points of one give.
    const cap = pointsEach;
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/school-year', {
          token: adminToken,
          payload: {
            startDate: YEAR.start,
            endDate: YEAR.end,
            givingStartDate: YEAR.giving,
            balancePolicy: 'cap',
            balanceCap: cap,
          },
        })
      ).status,
    ).toBe(200);
    const before = { s6: await balanceOf(s6), s7: await balanceOf(s7), s8: await balanceOf(s8) };

    // Dry run: what would happen, nothing written.
    const dry = await call(ctx.app, 'POST', '/school-years/openings', {
      token: adminToken,
      payload: { dryRun: true, ordersPolicy: 'refund', ...NEXT },
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      label: '2027-28',
      balancePolicy: 'cap',
      balanceCap: cap,
      promoted: 2,
      leaving: 1,
      ordersKept: 0,
      ordersRefunded: 1,
      refusal: null,
    });
    const row = (id: string) => dry.body.students.find((s: { _id: string }) => s._id === id);
    expect(row(s6.id)).toMatchObject({
      gradeBefore: '6',
      gradeAfter: '7',
      leaves: false,
      balanceBefore: before.s6,
      balanceAfter: cap,
    });
    expect(row(s7.id)).toMatchObject({ gradeAfter: '8', balanceAfter: before.s7 });
    expect(row(s8.id)).toMatchObject({ leaves: true, ordersRefunded: 1, balanceAfter: cap });
    expect(await balanceOf(s6)).toBe(before.s6);
    expect((await userRow(s6)).gradeLevel).toBe('6');
    expect(await db.select().from(yearOpenings)).toEqual([]);

    // The run, as a job, polled to the end.
    const started = await call(ctx.app, 'POST', '/school-years/openings', {
      token: adminToken,
      payload: { dryRun: false, ordersPolicy: 'refund', ...NEXT },
    });
    expect(started.status).toBe(202);
    const done = await waitDone(adminToken, started.body._id);
    expect(done).toMatchObject({ status: 'done', done: 3, total: 3, label: '2027-28' });

    expect(await balanceOf(s6)).toBe(cap);
    expect(await balanceOf(s7)).toBe(before.s7);
    expect(await balanceOf(s8)).toBe(cap);
    expect((await userRow(s6)).gradeLevel).toBe('7');
    expect((await userRow(s6)).house).toBe('amistad');
    expect((await userRow(s7)).gradeLevel).toBe('8');
    expect((await userRow(s8)).leftAt).not.toBeNull();
    const [order] = await db.select().from(orders).where(eq(orders.studentId, s8.id));
    expect(order!.status).toBe('CANCELED');
    // The cap is a ledger entry on the old year's last day, never a deletion.
    const entries = await db
      .select()
      .from(activities)
      .where(and(eq(activities.schoolId, school.id), eq(activities.category, 'Year End')));
    expect(entries.map((e) => [e.studentId, e.date]).sort()).toEqual(
      [
        [s6.id, YEAR.end],
        [s8.id, YEAR.end],
      ].sort(),
    );
    expect((await db.select().from(activities).where(eq(activities.studentId, s6.id))).length).toBe(
      4,
    );
    expect(await books()).toBe(0);

    // The leaver signs in no more: their session is gone and a new sign-in is refused.
    expect((await call(ctx.app, 'POST', '/auth/me', { token: s8Token })).status).toBe(401);
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: s8.username, password: 'pass1234' },
        })
      ).status,
    ).toBe(401);

    // Asking again changes nothing: the same opening, done.
    const again = await call(ctx.app, 'POST', '/school-years/openings', {
      token: adminToken,
      payload: { dryRun: false, ordersPolicy: 'refund', ...NEXT },
    });
    expect(again).toMatchObject({ status: 202, body: { _id: started.body._id, status: 'done' } });
    expect(await balanceOf(s6)).toBe(cap);

    // The new year is in force: giving waits for its start; reports still read the old year.
    const year = await call(ctx.app, 'GET', '/settings/school-year', { token: adminToken });
    expect(year.body).toMatchObject({ label: '2027-28', ended: false, openingDue: false });
    expect((await give([s6], '2027-07-01')).body.message).toBe(
      MSG.givingStartsOn('August 16, 2027'),
    );
    // The store sells again (docs/decisions/085-opening-the-next-school-year.md): its meta and a purchase read the same year in force.
    const s7Token = await signIn(ctx.app, s7);
    expect((await call(ctx.app, 'GET', '/store/meta', { token: s7Token })).body).toMatchObject({
      isOpen: true,
    });
    expect((await buy(s7Token)).status).toBe(200);
    for (const url of reports)
      expect((await call(ctx.app, 'GET', url, { token: adminToken })).status).toBe(200);
    expect(await books()).toBe(0);

    // Reports: in summer year to date is still 2026-27's; once 2027-28 starts, it is its own, and
    // the year picker offers the last one, read from the same rollups.
    const meta = async () =>
      (await call(ctx.app, 'GET', '/reports/meta', { token: adminToken })).body;
    expect((await meta()).defaultRange).toMatchObject({ from: YEAR.start, to: '2027-07-02' });
    at('2027-09-15');
    adminToken = await signIn(ctx.app, admin);
    const september = await meta();
    expect(september.defaultRange).toMatchObject({ from: NEXT.startDate, to: '2027-09-15' });
    expect(september.ranges.find((r: { key: string }) => r.key === 'last-school-year')).toEqual({
      key: 'last-school-year',
      label: 'Last school year (2026-27)',
      from: YEAR.start,
      to: YEAR.end,
    });
    const lastYear = await call(
      ctx.app,
      'GET',
      `/reports/school-students?startDate=${YEAR.start}&endDate=${YEAR.end}`,
      { token: adminToken },
    );
    expect(lastYear.status).toBe(200);
    expect(JSON.stringify(lastYear.body)).toContain(s7.id);
  });

  it('reset sets every balance to 0, debts too, and keeps pending orders when told', async () => {
    const db = ctx.database.db;
    at('2027-07-02');
    const school = await schoolWithYear({ schoolType: 'High' });
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const rich = await makeUser(db, school, ['STUDENT'], { gradeLevel: '09' });
    const poor = await makeUser(db, school, ['STUDENT'], { gradeLevel: 'Ungraded' });
    const token = await signIn(ctx.app, admin);
    const kindness = await typeByName(db, school, 'Kindness');
    const { writeActivities } = await import('../src/ledger/write.js');
    await db.transaction((tx) =>
      writeActivities(
        tx,
        school.id,
        [
          { studentId: rich.id, type: kindness, points: 70 },
          { studentId: poor.id, type: kindness, points: -15 },
        ],
        { date: '2027-06-01', comment: '', periodId: null, groupId: null, givenBy: null },
      ),
    );
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/school-year', {
          token,
          payload: {
            startDate: YEAR.start,
            endDate: YEAR.end,
            givingStartDate: YEAR.giving,
            balancePolicy: 'reset',
            balanceCap: 0,
          },
        })
      ).status,
    ).toBe(200);
    const started = await call(ctx.app, 'POST', '/school-years/openings', {
      token,
      payload: { dryRun: false, ordersPolicy: 'keep', ...NEXT },
    });
    expect(started.status).toBe(202);
    expect(await waitDone(token, started.body._id)).toMatchObject({ status: 'done' });
    expect([await balanceOf(rich), await balanceOf(poor)]).toEqual([0, 0]);
    expect((await userRow(rich)).gradeLevel).toBe('10');
    expect((await userRow(poor)).gradeLevel).toBe('Ungraded');
    expect(await books()).toBe(0);
  });
});
