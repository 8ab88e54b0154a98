import { and, eq } from 'drizzle-orm';
import { clockNow, MSG, setClock } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { dailyRuns, holidays, schoolYears } from '../src/db/schema.js';
import { runDailyPointsForAllSchools } from '../src/jobs/daily-points.js';
import { writeActivities } from '../src/ledger/write.js';
import { typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { addDeliveryDate, makeProduct, type ProductRow } from './helpers/store.js';
import { atNoon, instantIn } from './helpers/test-clock.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The calendar sweep (docs/testing-dates.md): every flow whose answer depends on the day, with the
 * clock set to each day a school year throws at it. The expectations are written out by hand from
 * docs/spec.md and the decisions, not computed by the rules they check.
 */
const ctx = useTestApp();
const ZONE = 'America/New_York';
const YEAR = { startDate: '2026-08-03', endDate: '2027-06-10', givingStartDate: '2026-08-17' };
const HOLIDAYS = [
  '2026-11-26',
  '2026-11-27',
  // Winter break, 21 December to 1 January.
  ...Array.from({ length: 12 }, (_, i) =>
    i < 11 ? `2026-12-${String(21 + i).padStart(2, '0')}` : '2027-01-01',
  ),
];

type Refusal = null | 'weekend' | 'holiday' | 'ended';
interface Day {
  name: string;
  date: string;
  give: Refusal;
  purchase: null | 'ended';
  /** Monday of the week, for the reports' "this week". */
  weekFrom: string;
  /** The daily points job gives for this day once its school day has ended. */
  dailyPoints: boolean;
}
// prettier-ignore
const DAYS: Day[] = [
  { name: 'a Monday', date: '2026-11-16', give: null, purchase: null, weekFrom: '2026-11-16', dailyPoints: true },
  { name: 'a Saturday', date: '2026-11-28', give: 'weekend', purchase: null, weekFrom: '2026-11-23', dailyPoints: false },
  { name: 'Thanksgiving', date: '2026-11-26', give: 'holiday', purchase: null, weekFrom: '2026-11-23', dailyPoints: false },
  { name: 'the first school day after winter break', date: '2027-01-04', give: null, purchase: null, weekFrom: '2027-01-04', dailyPoints: true },
  { name: "the school year's last day", date: '2027-06-10', give: null, purchase: null, weekFrom: '2027-06-07', dailyPoints: true },
  { name: 'the day after the last day', date: '2027-06-11', give: 'ended', purchase: 'ended', weekFrom: '2027-06-07', dailyPoints: false },
  { name: '31 December', date: '2026-12-31', give: 'holiday', purchase: null, weekFrom: '2026-12-28', dailyPoints: false },
  { name: '1 January', date: '2027-01-01', give: 'holiday', purchase: null, weekFrom: '2026-12-28', dailyPoints: false },
  { name: 'the day clocks go back (DST ends)', date: '2026-11-01', give: 'weekend', purchase: null, weekFrom: '2026-10-26', dailyPoints: false },
  { name: 'the day clocks go forward (DST starts)', date: '2027-03-14', give: 'weekend', purchase: null, weekFrom: '2027-03-08', dailyPoints: false },
];

const MESSAGE: Record<Exclude<Refusal, null>, string> = {
  weekend: MSG.notOnWeekends,
  holiday: MSG.notOnHolidays,
  ended: MSG.schoolYearEnded,
};

const prior = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const following = (date: string) => prior(date, -1);

/** The instant `hh:mm` on `date` in the school's zone, whatever the zone's offset that moment. */
const at = (date: string, hh: number, mm = 0) => instantIn(ZONE, date, hh, mm);

let school: SchoolRow;
let delivery: SchoolRow;
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let pencil: ProductRow;

async function withYear(s: SchoolRow) {
  const db = ctx.database.db;
  await db.update(schoolYears).set(YEAR).where(eq(schoolYears.schoolId, s.id));
  await db.insert(holidays).values(HOLIDAYS.map((date) => ({ schoolId: s.id, date })));
}

/** Points dated `date` for a student, written by the ledger as the daily points or an import would. */
async function pointsOn(student: UserRow, date: string, points: number) {
  const type = await typeByName(ctx.database.db, school, 'Kindness');
  await ctx.database.db.transaction((tx) =>
    writeActivities(tx, school.id, [{ studentId: student.id, type, points }], {
      date,
      comment: 'sweep',
      periodId: null,
      groupId: null,
      givenBy: null,
    }),
  );
}

beforeAll(async () => {
  const db = ctx.database.db;
  atNoon('2026-11-16', ZONE);
  school = await makeSchool(db, { timeZone: ZONE });
  delivery = await makeSchool(db, { timeZone: ZONE, storeModel: 'Delivery' });
  await withYear(school);
  await withYear(delivery);
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  u.kid = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  u.buyer = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  u.deliveryKid = await makeUser(db, delivery, ['STUDENT'], { gradeLevel: '6' });
  await makePeriod(db, school, u.teacher, [u.kid, u.buyer]);
  await pointsOn(u.buyer, '2026-11-16', 500);
  pencil = await makeProduct(db, school, { name: 'Pencil', price: 1, stock: null });
  // One delivery a sweep day, two days after its cut-off on that day.
  for (const d of DAYS) await addDeliveryDate(db, delivery, following(following(d.date)), d.date);
  for (const k of Object.keys(u)) tok[k] = await signIn(ctx.app, u[k]!);
});

describe.each(DAYS)('the calendar on $name ($date)', (day) => {
  it('a give and a flag without a date: given on the day, or refused as the calendar says', async () => {
    atNoon(day.date, ZONE);
    for (const typeName of ['Kindness', 'Late to class']) {
      const type = await typeByName(ctx.database.db, school, typeName);
      const res = await call(ctx.app, 'POST', '/activity/bulk', {
        token: tok.teacher,
        payload: { externalStudentIds: [u.kid!.externalId], activityTypes: [type.id] },
      });
      if (day.give === null) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.date).toBe(day.date);
      } else expect(res).toMatchObject({ status: 400, body: { message: MESSAGE[day.give] } });
    }
  });

  it('a purchase: the store sells every day of the year, weekends and holidays included, and not after it', async () => {
    atNoon(day.date, ZONE);
    const res = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.buyer,
      payload: { orderItems: [{ productId: pencil.id, quantity: 1 }] },
    });
    if (day.purchase === null) expect(res.status, JSON.stringify(res.body)).toBe(200);
    else expect(res).toMatchObject({ status: 400, body: { message: MSG.schoolYearEnded } });
  });

  it("the dashboard's earned yesterday is the net of the calendar day before, in the school's zone", async () => {
    // A student of their own each day: the days before two sweep days can be the same.
    const watcher = await makeUser(ctx.database.db, school, ['STUDENT'], { gradeLevel: '6' });
    await pointsOn(watcher, prior(day.date), 7);
    await pointsOn(watcher, prior(day.date, 2), 100);
    await pointsOn(watcher, day.date, 1000);
    // Just after midnight the school's day is already `date`, though it is the day before in UTC.
    setClock(at(day.date, 0, 30));
    const res = await call(ctx.app, 'GET', `/utility/student/dashboard/stats`, {
      token: await signIn(ctx.app, watcher),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.earnedYesterday).toBe(7);
  });

  it('the reports\' "this week" runs from its Monday to the day, "year to date" from the first day of the year', async () => {
    atNoon(day.date, ZONE);
    const res = await call(ctx.app, 'GET', '/reports/meta', { token: tok.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const range = (key: string) =>
      (res.body.ranges as { key: string; from: string; to: string }[]).find((r) => r.key === key);
    expect(range('this-week')).toMatchObject({ from: day.weekFrom, to: day.date });
    expect(range('year-to-date')).toMatchObject({ from: YEAR.startDate, to: day.date });
  });

  it("a delivery's cut-off day is open until its last minute in the school's zone, closed a minute after", async () => {
    const next = async () =>
      (await call(ctx.app, 'GET', '/store/meta', { token: tok.deliveryKid })).body.nextDeliveryDate
        ?.date as string | undefined;
    setClock(at(day.date, 23, 59));
    expect(await next()).toBe(following(following(day.date)));
    setClock(at(following(day.date), 0, 1));
    expect(await next()).not.toBe(following(following(day.date)));
  });
});

describe.each(DAYS)('the daily points job on $name ($date)', (day) => {
  const ranFor = async (date: string) =>
    (
      await ctx.database.db
        .select()
        .from(dailyRuns)
        .where(and(eq(dailyRuns.schoolId, school.id), eq(dailyRuns.date, date)))
    ).length;

  it('gives nothing before the school day ends, and gives on a school day once it has', async () => {
    setClock(at(day.date, 15, 30));
    await runDailyPointsForAllSchools(ctx.database.db, clockNow());
    expect(await ranFor(day.date)).toBe(0);
    setClock(at(day.date, 16, 30));
    await runDailyPointsForAllSchools(ctx.database.db, clockNow());
    expect(await ranFor(day.date)).toBe(day.dailyPoints ? 1 : 0);
  });
});
