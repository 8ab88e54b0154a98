import { and, eq } from 'drizzle-orm';
import { addDays, MSG, setClock, todayIn } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  houses,
  orders,
  schoolYears,
  users,
  wallets,
  yearOpenings,
} from '../src/db/schema.js';
import { checkBooks } from '../src/ledger/check.js';
import { runOpening } from '../src/modules/school-years/opening.js';
import { startOpening } from '../src/modules/school-years/opening.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { typeByName } from './helpers/economy.js';
import { makeProduct } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/* The clock: every date rule reads the one clock, which a test sets (docs/testing-dates.md). */
const ctx = useTestApp();
/** A moment when the school's clock (America/Los_Angeles) shows `date`, at noon. */
const at = (date: string) => setClock(`${date}T19:00:00Z`);

const YEAR = { start: '2026-08-01', end: '2027-06-30', giving: '2026-08-16' };
const NEXT = { startDate: '2027-08-01', endDate: '2028-06-30', givingStartDate: '2027-08-16' };

async function schoolWithYear(over: Partial<SchoolRow> = {}): Promise<SchoolRow> {
  const db = ctx.database.db;
  const school = await makeSchool(db, { schoolType: 'Middle', ...over });
  await db
    .update(schoolYears)
    .set({ startDate: YEAR.start, endDate: YEAR.end, givingStartDate: YEAR.giving })
    .where(eq(schoolYears.schoolId, school.id));
  return school;
}

const balanceOf = async (student: UserRow) =>
  Number(
    (
      await ctx.database.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.schoolId, student.schoolId), eq(wallets.studentId, student.id)))
    )[0]?.balance ?? 0,
  );
const userRow = async (student: UserRow) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, student.id)))[0]!;
const books = async () => (await checkBooks(ctx.database.db)).drifted;

async function waitDone(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const r = await call(ctx.app, 'GET', `/school-years/openings/${id}`, { token });
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the opening did not finish');
}

beforeAll(() => {
  at('2027-06-15');
});

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

  it("the year's dates change at once, and bad or overlapping dates are refused", async () => {
    const db = ctx.database.db;
    at('2027-03-10');
    const school = await schoolWithYear();
    await db.insert(schoolYears).values({
      schoolId: school.id,
      startDate: '2025-08-01',
      endDate: '2026-06-30',
      givingStartDate: '2025-08-16',
    });
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const kid = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
    const token = await signIn(ctx.app, admin);
    const kindness = (await typeByName(db, school, 'Kindness')).id;
    const give = () =>
      call(ctx.app, 'POST', '/activity/bulk', {
        token,
        payload: {
          externalStudentIds: [kid.externalId],
          activityTypes: [kindness],
          date: '2027-03-09',
        },
      });
    const put = (over: object) =>
      call(ctx.app, 'PUT', '/settings/school-year', {
        token,
        payload: {
          startDate: YEAR.start,
          endDate: YEAR.end,
          givingStartDate: YEAR.giving,
          balancePolicy: 'carry',
          balanceCap: 0,
          ...over,
        },
      });
    expect((await give()).status).toBe(200);
    expect(await put({ endDate: '2027-03-09' })).toMatchObject({
      status: 200,
      body: { endDate: '2027-03-09', ended: true },
    });
    expect((await give()).body.message).toBe(MSG.schoolYearEnded);
    expect(await put({ startDate: '2026-06-01' })).toMatchObject({
      status: 409,
      body: { message: 'The dates overlap the 2025-26 school year' },
    });
    expect(await put({ givingStartDate: '2026-07-01' })).toMatchObject({
      status: 400,
      body: { message: 'Giving must start within the school year' },
    });
    expect((await put({ balancePolicy: 'keep' })).status).toBe(400);
    expect((await put({})).status).toBe(200);
    expect((await give()).status).toBe(200);
  });

  it('proposes the next year after the last day of a year that ended in August, and names the fields as the tab does, in English and Spanish', async () => {
    const db = ctx.database.db;
    at('2027-08-20');
    const school = await makeSchool(db, { schoolType: 'Middle' });
    await db
      .update(schoolYears)
      .set({ startDate: '2026-08-20', endDate: '2027-08-13', givingStartDate: '2026-08-25' })
      .where(eq(schoolYears.schoolId, school.id));
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
    const token = await signIn(ctx.app, admin);
    const view = await call(ctx.app, 'GET', '/settings/school-year', { token });
    expect(view.body).toMatchObject({ label: '2026-27', endDate: '2027-08-13', ended: true });
    // The August-to-June pattern would start on August 1, inside the year that ended.
    expect(view.body.next).toEqual({
      label: '2027-28',
      startDate: '2027-08-14',
      endDate: '2028-06-30',
      givingStartDate: '2027-08-16',
    });
    const open = (payload: object, language = 'en') =>
      call(ctx.app, 'POST', '/school-years/openings', {
        token,
        headers: { 'accept-language': language },
        payload: {
          dryRun: true,
          ordersPolicy: 'keep',
          startDate: view.body.next.startDate,
          endDate: view.body.next.endDate,
          givingStartDate: view.body.next.givingStartDate,
          ...payload,
        },
      });
    expect(await open({})).toMatchObject({
      status: 200,
      body: { label: '2027-28', refusal: null, promoted: 1 },
    });

    const refused: [object, string, string][] = [
      [
        { startDate: '2027-08-01' },
        'The first day must be after the 2026-27 school year ends on August 13, 2027',
        'El primer día debe ser posterior al fin del ciclo escolar 2026-27, el 13 de agosto de 2027',
      ],
      [
        { startDate: '2027-13-01' },
        'The first day must be a date (YYYY-MM-DD)',
        'El primer día debe ser una fecha (AAAA-MM-DD)',
      ],
      [
        { endDate: '2027-08-14' },
        'The last day must be after the first day',
        'El último día debe ser posterior al primero',
      ],
      [
        { givingStartDate: '2028-07-01' },
        'Giving must start within the school year',
        'Los bonos deben empezar dentro del ciclo escolar',
      ],
      [
        { ordersPolicy: 'sell' },
        'Pending orders must be kept or refunded',
        'Los pedidos pendientes deben conservarse o reembolsarse',
      ],
    ];
    for (const [payload, english, spanish] of refused) {
      expect(await open(payload), english).toMatchObject({
        status: 400,
        body: { message: english },
      });
      expect((await open(payload, 'es')).body.message).toBe(spanish);
    }
    const put = await call(ctx.app, 'PUT', '/settings/school-year', {
      token,
      payload: {
        startDate: '2026-08-20',
        endDate: '2027-08-13',
        givingStartDate: '2026-08-25',
        balancePolicy: 'cap',
        balanceCap: -1,
      },
    });
    expect(put).toMatchObject({
      status: 400,
      body: { message: 'The cap must be a whole number from 0 to 1,000,000' },
    });
  });

  it('refuses the run before the last day, and dates that overlap or precede the year', async () => {
    const db = ctx.database.db;
    at('2027-06-20');
    const school = await schoolWithYear();
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const token = await signIn(ctx.app, admin);
    const open = (payload: object) =>
      call(ctx.app, 'POST', '/school-years/openings', {
        token,
        payload: { dryRun: false, ordersPolicy: 'keep', ...NEXT, ...payload },
      });
    expect(await open({})).toMatchObject({
      status: 409,
      body: { message: 'The next school year can be opened after this one ends on June 30, 2027' },
    });
    const dry = await open({ dryRun: true });
    expect(dry.body.refusal).toBe(
      'The next school year can be opened after this one ends on June 30, 2027',
    );
    expect((await open({ startDate: '2027-06-01' })).status).toBe(400);
    expect((await open({ endDate: '2027-07-01' })).status).toBe(400);
    const view = await call(ctx.app, 'GET', '/settings/school-year', { token });
    expect(view.body).toMatchObject({ ended: false, openingDue: true, opening: null });
    at('2027-05-20');
    const early = await call(ctx.app, 'GET', '/settings/school-year', { token });
    expect(early.body.openingDue).toBe(false);
  });

  it('a run started twice at once, or after a crash, does each student once', async () => {
    const db = ctx.database.db;
    at('2027-07-03');
    const school = await schoolWithYear();
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const kids = await Promise.all(
      Array.from({ length: 5 }, () => makeUser(db, school, ['STUDENT'], { gradeLevel: '6' })),
    );
    const kindness = await typeByName(db, school, 'Kindness');
    const { writeActivities } = await import('../src/ledger/write.js');
    await db.transaction((tx) =>
      writeActivities(
        tx,
        school.id,
        kids.map((k) => ({ studentId: k.id, type: kindness, points: 50 })),
        { date: '2027-06-01', comment: '', periodId: null, groupId: null, givenBy: null },
      ),
    );
    const { schools } = await import('../src/db/schema.js');
    await db
      .update(schools)
      .set({ yearEndBalance: 'cap', yearEndBalanceCap: 20 })
      .where(eq(schools.id, school.id));
    const token = await signIn(ctx.app, admin);
    const me = (await call(ctx.app, 'POST', '/auth/me', { token })).body;
    expect(me).toBeTruthy();
    // Sent to a queue that does not run it: the run is left to the test, twice at once.
    const sent: unknown[] = [];
    const { findSession } = await import('../src/modules/auth/service.js');
    const user = (await findSession(db, token))!;
    const opening = await startOpening(
      db,
      user,
      { dryRun: false, ordersPolicy: 'keep', ...NEXT },
      { send: async (_q, data) => sent.push(data) },
      () => {
        throw new Error('not run here');
      },
    );
    expect(sent).toEqual([{ schoolId: school.id, openingId: opening._id }]);
    await Promise.all([
      runOpening(db, school.id, opening._id),
      runOpening(db, school.id, opening._id),
    ]);
    // A crashed run is marked failed; running it again does nothing twice.
    await db.update(yearOpenings).set({ status: 'failed' }).where(eq(yearOpenings.id, opening._id));
    await runOpening(db, school.id, opening._id);
    for (const k of kids) expect(await balanceOf(k)).toBe(20);
    const entries = await db
      .select()
      .from(activities)
      .where(and(eq(activities.schoolId, school.id), eq(activities.category, 'Year End')));
    expect(entries.length).toBe(5);
    expect(new Set((await Promise.all(kids.map(userRow))).map((u) => u.gradeLevel))).toEqual(
      new Set(['7']),
    );
    const years = await db.select().from(schoolYears).where(eq(schoolYears.schoolId, school.id));
    expect(years.length).toBe(2);
    expect(await books()).toBe(0);
  });

  it('the opening runs as a pg-boss job when the jobs run', async () => {
    const db = ctx.database.db;
    // pg-boss runs the job whatever the clock says; the year just past ends two days before it.
    const school = await makeSchool(db);
    const today = todayIn(school.timeZone);
    await db
      .update(schoolYears)
      .set({
        startDate: addDays(today, -300),
        endDate: addDays(today, -2),
        givingStartDate: addDays(today, -300),
      })
      .where(eq(schoolYears.schoolId, school.id));
    const next = {
      startDate: addDays(today, -1),
      endDate: addDays(today, 250),
      givingStartDate: addDays(today, 5),
    };
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const kid = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
    const token = await signIn(ctx.app, admin);
    const { findSession } = await import('../src/modules/auth/service.js');
    const { startJobs } = await import('../src/jobs/queue.js');
    const errors: unknown[] = [];
    const boss = await startJobs(ctx.database, { error: (o) => errors.push(o) }, ctx.app.images);
    try {
      const opening = await startOpening(
        db,
        (await findSession(db, token))!,
        { dryRun: false, ordersPolicy: 'keep', ...next },
        boss,
        () => {
          throw new Error('not run here');
        },
      );
      expect(await waitDone(token, opening._id)).toMatchObject({ status: 'done', done: 1 });
      expect((await userRow(kid)).gradeLevel).toBe('8');
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
