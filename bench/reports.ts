import { sql } from 'drizzle-orm';
import { median, schoolYearFor, SPENDING_ORDER_STATUSES, todayIn } from '@app/domain';
import { vacuumAnalyze } from '../apps/server/src/db/analyze.js';
import type { Database } from '../apps/server/src/db/client.js';
import { districts, NO_PERIOD, schools, schoolYears, users } from '../apps/server/src/db/schema.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { benchApp } from './setup.js';

/**
 * The school students, teacher usage (and one giver's "to whom") and school dashboard reports, and
 * issue 34's fairness (equity) and economy reports, for a whole year, on a generated school of
 * 2,000 students, 100 teachers, about 3.6 million activities given by the teachers and the daily
 * points (two a student a school day, given by nobody), each student's demographics and a store
 * order every four weeks (generate_series, in the bench's scratch database), against the same
 * figures computed by scanning the activities and the orders (the baseline).
 */
const STUDENTS = 2000;
const TEACHERS = 100;
/** Activities per student and school day: 2,000 × ~227 school days (16 August to 30 June) × 8 ≈ 3.6 million. */
const PER_DAY = 8;
const RUNS = 40;
/** The issue 34 reports: about 30 requests each. */
const PBIS_RUNS = 30;
const BASELINE_RUNS = 5;

interface ReportFigure {
  name: string;
  rows: number;
  p95Ms: number;
  medianMs: number;
  baselineP95Ms: number;
}
export interface ReportsBench {
  activities: number;
  students: number;
  rollupRows: number;
  monthlyRows: number;
  giverRollupRows: number;
  toWhomRows: number;
  orders: number;
  seedSeconds: number;
  figures: ReportFigure[];
}

const midJune = (yearEnd: string) => `${yearEnd.slice(0, 7)}-15`;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const pct = (times: number[], p: number) =>
  [...times].sort((a, b) => a - b)[
    Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)
  ]!;

async function timed(runs: number, fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** The generated school: users, a year, activities, and rollups built from the activities as the ledger keeps them. */
async function seed(database: Database) {
  const db = database.db;
  const today = todayIn('America/Los_Angeles');
  const year = schoolYearFor(today);
  const [school] = await db
    .insert(schools)
    .values({
      districtId: (await db.insert(districts).values({ name: 'Bench' }).returning())[0]!.id,
      externalId: 'BENCHRPT',
      name: 'Bench reports school',
      hasHouseSystem: true,
    })
    .returning();
  const sid = school!.id;
  await db.insert(schoolYears).values({
    schoolId: sid,
    startDate: year.yearStart,
    endDate: year.yearEnd,
    givingStartDate: year.givingStart,
  });
  const [admin] = await db
    .insert(users)
    .values({
      schoolId: sid,
      externalId: 'ADMIN',
      firstName: 'Ada',
      lastName: 'Admin',
      roles: ['SCHOOL_ADMIN'],
    })
    .returning();
  await db.execute(sql`
    insert into users (school_id, external_id, first_name, last_name, roles, grade_level, house)
    select ${sid}::uuid, 'S' || n, 'Student', 'No' || n, array['STUDENT'], (6 + n % 3)::text, (array['altruismo','amistad','isibindi','reveur'])[1 + n % 4]
    from generate_series(1, ${STUDENTS}) n`);
  await db.execute(sql`
    insert into users (school_id, external_id, first_name, last_name, roles)
    select ${sid}::uuid, 'T' || n, 'Teacher', 'No' || n, array['TEACHER'] from generate_series(1, ${TEACHERS}) n`);
  await db.execute(
    sql`create unlogged table bench_s as select row_number() over (order by id) - 1 as n, id from users where school_id = ${sid} and 'STUDENT' = any(roles)`,
  );
  await db.execute(
    sql`create unlogged table bench_t as select row_number() over (order by id) - 1 as n, id from users where school_id = ${sid} and 'TEACHER' = any(roles)`,
  );
  // School days of the whole year (weekdays), so "the year" is a full one whatever today is.
  await db.execute(sql`
    create unlogged table bench_d as select d::date as date from generate_series(${year.yearStart}::date, ${year.yearEnd}::date, interval '1 day') d
    where extract(isodow from d) < 6 and d::date >= ${year.givingStart}::date`);
  const t0 = performance.now();
  // A bulk load: the activities' secondary indexes are built once afterwards (as a data import would).
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'activities' and indexname not in (select conname from pg_constraint)`,
    ),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
  // Two in eight are flags; each from one of the student's "teachers" (six per student).
  await db.execute(sql`
    insert into activities (school_id, student_id, activity_type_id, activity_type, category, points, date, give_id, given_by)
    select ${sid}::uuid, s.id, '00000000-0000-4000-8000-000000000001'::uuid,
      case when k % 8 in (0, 4) then 'Late to class' else 'Kindness' end,
      case when k % 8 in (0, 4) then 'Flags' else 'Bonuses' end,
      case when k % 8 in (0, 4) then -3 else 1 + (s.n + k) % 5 end,
      d.date, '00000000-0000-4000-8000-000000000002'::uuid, t.id
    from bench_d d cross join bench_s s cross join generate_series(1, ${PER_DAY}) k
    join bench_t t on t.n = (s.n + k % 6 * 17) % ${TEACHERS}`);
  // The daily points, given by nobody (the daily run's): behaviour and attendance, 2 each.
  await db.execute(sql`
    insert into activities (school_id, student_id, activity_type_id, activity_type, category, points, date, give_id, given_by)
    select ${sid}::uuid, s.id, '00000000-0000-4000-8000-000000000003'::uuid, c.name, c.category, 2,
      d.date, '00000000-0000-4000-8000-000000000004'::uuid, null
    from bench_d d cross join bench_s s
    cross join (values ('Daily behavior', 'Daily Behavior'), ('Daily attendance', 'Daily Attendance')) c(name, category)`);
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await seedDemographics(db, sid);
  await seedOrders(db, sid);
  await buildRollups(db, sid);
  const seedSeconds = (performance.now() - t0) / 1000;
  await db.execute(sql`drop table bench_s, bench_t, bench_d`);
  await vacuumAnalyze(db);
  const count = async (table: string) =>
    Number(
      rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from ${sql.raw(table)}`))[0]!
        .n,
    );
  const token = (await createSession(db, sid, admin!.id, 8)).token;
  const [teacher] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where school_id = ${sid} and external_id = 'T1'`),
  );
  return {
    sid,
    year,
    token,
    seedSeconds,
    activities: await count('activities'),
    rollupRows: await count('daily_rollup'),
    monthlyRows: await count('monthly_rollup'),
    giverRollupRows: await count('giver_rollup'),
    toWhomRows: await count('giver_student_monthly'),
    orders: await count('orders'),
    teacherId: teacher!.id,
  };
}

/**
 * Each student's demographics: every race group, two or more races and a group of 5 (suppressed);
 * ethnicity, sex and the programs by turns; 1 in 33 with nothing recorded (unknown everywhere).
 */
async function seedDemographics(db: Database['db'], sid: string) {
  await db.execute(sql`
    insert into student_demographics (school_id, student_id, sex, american_indian_or_alaska_native, asian,
      black_or_african_american, native_hawaiian_or_other_pacific_islander, white, demographic_race_two_or_more_races,
      hispanic_or_latino_ethnicity, english_learner, special_education, section_504, free_reduced_lunch)
    select ${sid}::uuid, s.id, case when s.n % 2 = 0 then 'female' else 'male' end,
      r = 0, r between 1 and 6 or r = 23, r between 7 and 20, r = 21 and s.n < 500, r > 24 or r = 23,
      r = 22, s.n % 4 = 0, s.n % 9 = 0, s.n % 8 = 0, s.n % 25 = 0, s.n % 3 <> 0
    from bench_s s cross join lateral (select s.n % 100 as r) x
    where s.n % 33 <> 32`);
}

/**
 * A school store order every four weeks a student (on Wednesdays, a quarter of them each week), one
 * item of 5 to 60; 1 in 20 refunded and 1 in 20 canceled.
 */
async function seedOrders(db: Database['db'], sid: string) {
  await db.execute(sql`
    with placed as (
      insert into orders (school_id, student_id, store, status, total, date, placed_by)
      select ${sid}::uuid, s.id, 'School',
        case (s.n + d.w) % 20 when 0 then 'REFUNDED' when 1 then 'CANCELED' else 'REDEEMED' end,
        5 + (s.n + d.w) % 12 * 5, d.date, s.id
      from (select date, row_number() over (order by date) as w from bench_d where extract(isodow from date) = 3) d
      join bench_s s on (s.n + d.w) % 4 = 0
      returning id, total)
    insert into order_items (school_id, order_id, product_id, name, price, quantity, category)
    select ${sid}::uuid, id, 'bench-item', 'Bench item', total, 1, 'Items' from placed`);
}

export async function benchReports(database: Database): Promise<ReportsBench> {
  const s = await seed(database);
  const app = await benchApp(database);
  const db = database.db;
  const range = `startDate=${s.year.yearStart}&endDate=${s.year.yearEnd}`;
  const figures: ReportFigure[] = [];
  try {
    const cases: ReportCase[] = reportCases(s, range);
    for (const c of cases) {
      let rows = 0;
      let body: unknown;
      const one = async () => {
        const res = await app.inject({
          method: 'GET',
          url: c.url,
          headers: { authtoken: s.token },
        });
        if (res.statusCode !== 200)
          throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        body = JSON.parse(res.body);
        rows = c.rowsOf(body as never);
      };
      await timed(3, one); // warm-up: plans and caches
      const times = await timed(c.runs ?? RUNS, one);
      // The report must agree with the same figures scanned from the activities (and orders).
      const disagreement = c.verify(body as never, rowsOf(await db.execute(c.baseline)));
      if (disagreement) throw new Error(`${c.name}: ${disagreement}`);
      const base = await timed(BASELINE_RUNS, async () => void (await db.execute(c.baseline)));
      figures.push({
        name: c.name,
        rows,
        p95Ms: pct(times, 95),
        medianMs: pct(times, 50),
        baselineP95Ms: pct(base, 95),
      });
    }
  } finally {
    await app.close();
  }
  return {
    activities: s.activities,
    students: STUDENTS,
    rollupRows: s.rollupRows,
    monthlyRows: s.monthlyRows,
    giverRollupRows: s.giverRollupRows,
    toWhomRows: s.toWhomRows,
    orders: s.orders,
    seedSeconds: s.seedSeconds,
    figures,
  };
}

export function printReports(label: string, r: ReportsBench) {
  console.log(
    `\n${label}: reports for the whole school year (${r.students.toLocaleString('en-US')} students, ${r.activities.toLocaleString('en-US')} activity rows, ${r.rollupRows.toLocaleString('en-US')} daily and ${r.monthlyRows.toLocaleString('en-US')} monthly rollup rows, ${r.giverRollupRows.toLocaleString('en-US')} giver and ${r.toWhomRows.toLocaleString('en-US')} giver × student monthly rows, ${r.orders.toLocaleString('en-US')} orders; generated in ${r.seedSeconds.toFixed(0)} s)`,
  );
  for (const f of r.figures)
    console.log(
      `  ${f.name.padEnd(56)} p95 ${f.p95Ms.toFixed(1).padStart(7)} ms  median ${f.medianMs.toFixed(1).padStart(7)} ms  ${String(f.rows).padStart(5)} rows  ${f.p95Ms <= 300 ? 'within' : 'OVER'} the 300 ms budget  baseline (scanning activities, SQL only) p95 ${f.baselineP95Ms.toFixed(1).padStart(8)} ms  ${(f.baselineP95Ms / f.p95Ms).toFixed(1)}x`,
    );
}

/** The rollups, wallets included, built from the activities and the orders as the ledger keeps them. */
async function buildRollups(db: Database['db'], sid: string) {
  await db.execute(sql`
    insert into daily_rollup (school_id, student_id, date, category, earned, spent, count)
    select school_id, student_id, date, category, sum(points), 0, count(*) from activities where school_id = ${sid} group by 1, 2, 3, 4`);
  // What the orders spent (not canceled or refunded), on the day they were placed.
  await db.execute(sql`
    insert into daily_rollup (school_id, student_id, date, category, earned, spent, count)
    select school_id, student_id, date, 'Store', 0, sum(total), count(*) from orders
    where school_id = ${sid} and status in ${spending} group by 1, 2, 3`);
  await db.execute(sql`
    insert into monthly_rollup (school_id, student_id, month, category, earned, spent, count)
    select school_id, student_id, date_trunc('month', date)::date, category, sum(earned), sum(spent), sum(count) from daily_rollup where school_id = ${sid} group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into giver_rollup (school_id, giver_id, date, category, points, count)
    select school_id, given_by, date, category, sum(points), count(*) from activities where school_id = ${sid} and given_by is not null group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into giver_student_monthly (school_id, giver_id, month, student_id, period_id, category, points, count)
    select school_id, given_by, date_trunc('month', date)::date, student_id, coalesce(internal_period_id, ${NO_PERIOD}::uuid), category, sum(points), count(*)
    from activities where school_id = ${sid} and given_by is not null group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`
    insert into wallets (school_id, student_id, balance, total_earned, total_spent)
    select school_id, student_id, sum(earned) - sum(spent), sum(earned), sum(spent) from daily_rollup where school_id = ${sid} group by 1, 2`);
}

/** The order statuses that spend, as an SQL list. */
const spending = sql`(${sql.join(
  SPENDING_ORDER_STATUSES.map((x) => sql`${x}`),
  sql`, `,
)})`;

type Scanned = Record<string, unknown>[];
interface ReportCase {
  name: string;
  url: string;
  /** Requests timed (RUNS unless told). */
  runs?: number;
  rowsOf: (body: never) => number;
  /** Why the report disagrees with the baseline's rows, or null. */
  verify: (body: never, scanned: Scanned) => string | null;
  baseline: ReturnType<typeof sql>;
}

/** The report's points total must equal the scan's (its rows' earned, or bonus and flag points). */
const sameTotal =
  <B>(total: (b: B) => number) =>
  (b: B, scanned: Scanned): string | null => {
    const t = total(b);
    const sum = scanned.reduce(
      (a, r) =>
        a +
        ('bonus_points' in r ? Number(r.bonus_points) + Number(r.flag_points) : Number(r.earned)),
      0,
    );
    return t === sum ? null : `the report's total ${t} differs from the activities' ${sum}`;
  };

interface EquityGroup {
  group: string;
  students: number | null;
  recognizedShare: number | null;
  bonusesPerStudent: number | null;
  flagsPerStudent: number | null;
  suppressed: boolean;
}

/** Each group the report shows: the same students, share recognised, bonuses and flags per student as the scan's. */
function sameGroups(b: { groups: EquityGroup[] }, scanned: Scanned): string | null {
  const shown = b.groups.filter((g) => !g.suppressed);
  if (shown.length < 3) return `only ${shown.length} groups shown`;
  for (const g of shown) {
    const r = scanned.find((x) => x.grp === g.group);
    if (!r) return `group ${g.group} is not in the scan`;
    const n = Number(r.students);
    const near = (a: number | null, x: number, places: number) =>
      a !== null && Math.abs(a - x) <= 0.5 * 10 ** -places + 1e-9;
    if (
      g.students !== n ||
      !near(g.recognizedShare, Number(r.recognized) / n, 3) ||
      !near(g.bonusesPerStudent, Number(r.bonuses) / n, 2) ||
      !near(g.flagsPerStudent, Number(r.flags) / n, 2)
    )
      return `group ${g.group}: ${JSON.stringify(g)} against ${JSON.stringify(r)}`;
  }
  return null;
}

interface EconomyBody {
  weeks: { issued: number; spent: number; refunded: number }[];
  givers: { median: number | null };
  medianBalance: number | null;
}

/** Issued, spent and refunded over the weeks, the givers' median and the median balance, as the scan's. */
function sameEconomy(b: EconomyBody, scanned: Scanned): string | null {
  const of = (kind: string) => scanned.filter((r) => r.kind === kind).map((r) => Number(r.value));
  const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
  const pairs: [string, number | null, number | null][] = [
    ['issued', sum(b.weeks.map((w) => w.issued)), sum(of('issued'))],
    ['spent', sum(b.weeks.map((w) => w.spent)), sum(of('spent'))],
    ['refunded', sum(b.weeks.map((w) => w.refunded)), sum(of('refunded'))],
    ['givers’ median', b.givers.median, median(of('given'))],
    ['median balance', b.medianBalance, median(of('balance'))],
  ];
  const off = pairs.filter(([, report, scan]) => report !== scan);
  return off.length
    ? off.map(([what, report, scan]) => `${what} ${report} against ${scan}`).join('; ')
    : null;
}

/** A student's race group as the fairness report counts them (raceGroup, packages/domain). */
const RACE_GROUP = `case
  when dm.demographic_race_two_or_more_races or (coalesce(dm.american_indian_or_alaska_native::int, 0) + coalesce(dm.asian::int, 0)
    + coalesce(dm.black_or_african_american::int, 0) + coalesce(dm.native_hawaiian_or_other_pacific_islander::int, 0) + coalesce(dm.white::int, 0)) > 1 then 'twoOrMoreRaces'
  when dm.american_indian_or_alaska_native then 'americanIndianOrAlaskaNative'
  when dm.asian then 'asian'
  when dm.black_or_african_american then 'blackOrAfricanAmerican'
  when dm.native_hawaiian_or_other_pacific_islander then 'nativeHawaiianOrOtherPacificIslander'
  when dm.white then 'white'
  else 'unknown' end`;

/** Each report timed, how to count its rows and check it, and the same figures scanned from the activities. */
function reportCases(s: Awaited<ReturnType<typeof seed>>, range: string): ReportCase[] {
  return [
    {
      name: 'school students (GET activity/student-report/)',
      url: `/api/v1/activity/student-report/?${range}`,
      rowsOf: (b: { rows: unknown[] }) => b.rows.length,
      verify: sameTotal((b: { rows: { earned: number }[] }) =>
        b.rows.reduce((a, r) => a + r.earned, 0),
      ),
      // The same sums computed from the activities.
      baseline: sql`
        select u.id, coalesce(sum(a.points), 0) as earned, coalesce(sum(a.points) filter (where a.category = 'Bonuses'), 0) as bonuses,
               count(a.id) filter (where a.category = 'Bonuses') as bonus_count,
               coalesce(sum(a.points) filter (where a.category = 'Flags'), 0) as flags, count(a.id) filter (where a.category = 'Flags') as flag_count
        from users u left join activities a on a.school_id = u.school_id and a.student_id = u.id and a.date between ${s.year.yearStart}::date and ${s.year.yearEnd}::date
        where u.school_id = ${s.sid} and 'STUDENT' = any(u.roles) group by u.id`,
    },
    {
      name: 'teacher usage (GET activity/teacher-report/)',
      url: `/api/v1/activity/teacher-report/?${range}`,
      rowsOf: (b: { rows: unknown[] }) => b.rows.length,
      verify: sameTotal((b: { rows: { bonusPoints: number; flagPoints: number }[] }) =>
        b.rows.reduce((a, r) => a + r.bonusPoints + r.flagPoints, 0),
      ),
      baseline: sql`
        select a.given_by, coalesce(sum(a.points) filter (where a.category = 'Bonuses'), 0) as bonus_points, count(*) filter (where a.category = 'Bonuses') as bonus_count,
               coalesce(sum(a.points) filter (where a.category = 'Flags'), 0) as flag_points, count(*) filter (where a.category = 'Flags') as flag_count,
               count(distinct a.date) as days, max(a.date) as last_given
        from activities a where a.school_id = ${s.sid} and a.date between ${s.year.yearStart}::date and ${s.year.yearEnd}::date group by a.given_by`,
    },
    {
      name: 'to whom, to 15 June (GET reports/teacher-usage/{id})',
      // To mid-June: the last half month is read from the ledger by the giver index (docs/decisions/043-reports-read-rollups.md).
      url: `/api/v1/reports/teacher-usage/${s.teacherId}?startDate=${s.year.yearStart}&endDate=${midJune(s.year.yearEnd)}`,
      rowsOf: (b: { rows: unknown[] }) => b.rows.length,
      verify: sameTotal((b: { rows: { bonusPoints: number; flagPoints: number }[] }) =>
        b.rows.reduce((a, r) => a + r.bonusPoints + r.flagPoints, 0),
      ),
      baseline: sql`
        select a.student_id, coalesce(sum(a.points) filter (where a.category = 'Bonuses'), 0) as bonus_points, count(*) filter (where a.category = 'Bonuses') as bonus_count,
               coalesce(sum(a.points) filter (where a.category = 'Flags'), 0) as flag_points, count(*) filter (where a.category = 'Flags') as flag_count, max(a.date) as last_given
        from activities a where a.school_id = ${s.sid} and a.given_by = ${s.teacherId}::uuid and a.date between ${s.year.yearStart}::date and ${midJune(s.year.yearEnd)}::date group by a.student_id`,
    },
    {
      name: 'school dashboard (GET reports/school-dashboard)',
      url: `/api/v1/reports/school-dashboard?${range}`,
      rowsOf: (b: { trend: unknown[] }) => b.trend.length,
      verify: sameTotal((b: { totals: { earned: number } }) => b.totals.earned),
      baseline: sql`
        select a.date, coalesce(sum(a.points), 0) as earned, count(*) filter (where a.category = 'Flags') as flags
        from activities a where a.school_id = ${s.sid} and a.date between ${s.year.yearStart}::date and ${s.year.yearEnd}::date group by a.date`,
    },
    ...pbisCases(s, range),
  ];
}

/** Issue 34's reports: fairness by race and the economy, against the same figures scanned. */
function pbisCases(s: Awaited<ReturnType<typeof seed>>, range: string): ReportCase[] {
  const inYear = (alias: string) =>
    sql.raw(`${alias}.date between '${s.year.yearStart}'::date and '${s.year.yearEnd}'::date`);
  return [
    {
      name: 'fairness by race (GET reports/equity?by=race)',
      url: `/api/v1/reports/equity?by=race&${range}`,
      runs: PBIS_RUNS,
      rowsOf: (b: { groups: unknown[] }) => b.groups.length,
      verify: sameGroups,
      // Each student's bonuses and flags counted from the activities, then summed by race group.
      baseline: sql`
        select grp, count(*) as students, count(*) filter (where bonuses > 0) as recognized,
               sum(bonuses) as bonuses, sum(flags) as flags
        from (
          select ${sql.raw(RACE_GROUP)} as grp, coalesce(c.bonuses, 0) as bonuses, coalesce(c.flags, 0) as flags
          from users u
          left join (
            select a.student_id, count(*) filter (where a.category = 'Bonuses') as bonuses,
                   count(*) filter (where a.category = 'Flags') as flags
            from activities a where a.school_id = ${s.sid} and ${inYear('a')} group by a.student_id) c on c.student_id = u.id
          left join student_demographics dm on dm.school_id = u.school_id and dm.student_id = u.id
          where u.school_id = ${s.sid} and 'STUDENT' = any(u.roles)) x
        group by grp`,
    },
    {
      name: 'economy (GET reports/economy)',
      url: `/api/v1/reports/economy?${range}`,
      runs: PBIS_RUNS,
      rowsOf: (b: { weeks: unknown[] }) => b.weeks.length,
      verify: sameEconomy,
      // Issued by week and what each giver gave from the activities; spending by week from the
      // orders; each student's balance from both (what the wallets hold).
      baseline: sql`
        select 'issued' as kind, date_trunc('week', a.date)::date::text as key, sum(a.points) as value
        from activities a where a.school_id = ${s.sid} and ${inYear('a')}
          and a.category in ('Bonuses', 'Daily Behavior', 'Daily Attendance', 'Academic Pay Day')
        group by 2
        union all
        select 'spent', date_trunc('week', o.date)::date::text, sum(o.total)
        from orders o where o.school_id = ${s.sid} and ${inYear('o')} and o.status in ${spending} group by 2
        union all
        select 'refunded', date_trunc('week', o.date)::date::text, sum(o.total)
        from orders o where o.school_id = ${s.sid} and ${inYear('o')} and o.status = 'REFUNDED' group by 2
        union all
        select 'given', a.given_by::text, sum(a.points)
        from activities a where a.school_id = ${s.sid} and ${inYear('a')} and a.given_by is not null and a.category <> 'Flags'
        group by 2 having sum(a.points) > 0
        union all
        select 'balance', u.id::text,
          coalesce((select sum(a.points) from activities a where a.school_id = u.school_id and a.student_id = u.id), 0)
          - coalesce((select sum(o.total) from orders o where o.school_id = u.school_id and o.student_id = u.id and o.status in ${spending}), 0)
        from users u where u.school_id = ${s.sid} and 'STUDENT' = any(u.roles)`,
    },
  ];
}
