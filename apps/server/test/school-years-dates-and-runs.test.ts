import { and, eq } from 'drizzle-orm';
import { addDays, MSG, todayIn } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { activities, schoolYears, yearOpenings } from '../src/db/schema.js';
import { runOpening } from '../src/modules/school-years/opening.js';
import { startOpening } from '../src/modules/school-years/opening.js';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { typeByName } from './helpers/economy.js';
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

describe('a school year ends, and the next one opens: its dates, and runs done once', () => {
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
