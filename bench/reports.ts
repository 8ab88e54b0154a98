import { sql } from 'drizzle-orm';
import { schoolYearFor, todayIn } from '@app/domain';
import { vacuumAnalyze } from '../apps/server/src/db/analyze.js';
import type { Database } from '../apps/server/src/db/client.js';
import { districts, NO_PERIOD, schools, schoolYears, users } from '../apps/server/src/db/schema.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { benchApp } from './setup.js';

/**
 * The school students, teacher usage (and one giver's "to whom") and school dashboard reports for a whole year, on a generated school of 2,000
 * students, 100 teachers and about 3.6 million activities (generate_series, in the bench's scratch
 * database), against the same reports computed by scanning the activities (the baseline).
 */
const STUDENTS = 2000;
const TEACHERS = 100;
/** Activities per student and school day: 2,000 × ~227 school days (16 August to 30 June) × 8 ≈ 3.6 million. */
const PER_DAY = 8;
const RUNS = 40;
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
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await db.execute(sql`
    insert into daily_rollup (school_id, student_id, date, category, earned, spent, count)
    select school_id, student_id, date, category, sum(points), 0, count(*) from activities where school_id = ${sid} group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into monthly_rollup (school_id, student_id, month, category, earned, spent, count)
    select school_id, student_id, date_trunc('month', date)::date, category, sum(earned), sum(spent), sum(count) from daily_rollup where school_id = ${sid} group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into giver_rollup (school_id, giver_id, date, category, points, count)
    select school_id, given_by, date, category, sum(points), count(*) from activities where school_id = ${sid} group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into giver_student_monthly (school_id, giver_id, month, student_id, period_id, category, points, count)
    select school_id, given_by, date_trunc('month', date)::date, student_id, coalesce(internal_period_id, ${NO_PERIOD}::uuid), category, sum(points), count(*)
    from activities where school_id = ${sid} and given_by is not null group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`
    insert into wallets (school_id, student_id, balance, total_earned, total_spent)
    select school_id, student_id, sum(earned), sum(earned), 0 from daily_rollup where school_id = ${sid} group by 1, 2`);
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
    teacherId: teacher!.id,
  };
}

export async function benchReports(database: Database): Promise<ReportsBench> {
  const s = await seed(database);
  const app = await benchApp(database);
  const db = database.db;
  const range = `startDate=${s.year.yearStart}&endDate=${s.year.yearEnd}`;
  const figures: ReportFigure[] = [];
  try {
    const cases = [
      {
        name: 'school students (GET activity/student-report/)',
        url: `/api/v1/activity/student-report/?${range}`,
        rowsOf: (b: { rows: unknown[] }) => b.rows.length,
        total: (b: { rows: { earned: number }[] }) => b.rows.reduce((a, r) => a + r.earned, 0),
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
        total: (b: { rows: { bonusPoints: number; flagPoints: number }[] }) =>
          b.rows.reduce((a, r) => a + r.bonusPoints + r.flagPoints, 0),
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
        total: (b: { rows: { bonusPoints: number; flagPoints: number }[] }) =>
          b.rows.reduce((a, r) => a + r.bonusPoints + r.flagPoints, 0),
        baseline: sql`
          select a.student_id, coalesce(sum(a.points) filter (where a.category = 'Bonuses'), 0) as bonus_points, count(*) filter (where a.category = 'Bonuses') as bonus_count,
                 coalesce(sum(a.points) filter (where a.category = 'Flags'), 0) as flag_points, count(*) filter (where a.category = 'Flags') as flag_count, max(a.date) as last_given
          from activities a where a.school_id = ${s.sid} and a.given_by = ${s.teacherId}::uuid and a.date between ${s.year.yearStart}::date and ${midJune(s.year.yearEnd)}::date group by a.student_id`,
      },
      {
        name: 'school dashboard (GET reports/school-dashboard)',
        url: `/api/v1/reports/school-dashboard?${range}`,
        rowsOf: (b: { trend: unknown[] }) => b.trend.length,
        total: (b: { totals: { earned: number } }) => b.totals.earned,
        baseline: sql`
          select a.date, coalesce(sum(a.points), 0) as earned, count(*) filter (where a.category = 'Flags') as flags
          from activities a where a.school_id = ${s.sid} and a.date between ${s.year.yearStart}::date and ${s.year.yearEnd}::date group by a.date`,
      },
    ];
    for (const c of cases) {
      let rows = 0;
      let total = 0;
      const one = async () => {
        const res = await app.inject({
          method: 'GET',
          url: c.url,
          headers: { authtoken: s.token },
        });
        if (res.statusCode !== 200)
          throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const body = JSON.parse(res.body);
        rows = c.rowsOf(body);
        total = c.total(body);
      };
      await timed(3, one); // warm-up: plans and caches
      const times = await timed(RUNS, one);
      // The report must agree with the activities: its points total equals the scan's.
      const scanned = rowsOf<Record<string, unknown>>(await db.execute(c.baseline)).reduce(
        (a, r) =>
          a +
          ('bonus_points' in r ? Number(r.bonus_points) + Number(r.flag_points) : Number(r.earned)),
        0,
      );
      if (scanned !== total)
        throw new Error(
          `${c.name}: the report's total ${total} differs from the activities' ${scanned}`,
        );
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
    seedSeconds: s.seedSeconds,
    figures,
  };
}

export function printReports(label: string, r: ReportsBench) {
  console.log(
    `\n${label}: reports for the whole school year (${r.students.toLocaleString('en-US')} students, ${r.activities.toLocaleString('en-US')} activity rows, ${r.rollupRows.toLocaleString('en-US')} daily and ${r.monthlyRows.toLocaleString('en-US')} monthly rollup rows, ${r.giverRollupRows.toLocaleString('en-US')} giver and ${r.toWhomRows.toLocaleString('en-US')} giver × student monthly rows; generated in ${r.seedSeconds.toFixed(0)} s)`,
  );
  for (const f of r.figures)
    console.log(
      `  ${f.name.padEnd(56)} p95 ${f.p95Ms.toFixed(1).padStart(7)} ms  median ${f.medianMs.toFixed(1).padStart(7)} ms  ${String(f.rows).padStart(5)} rows  ${f.p95Ms <= 300 ? 'within' : 'OVER'} the 300 ms budget  baseline (scanning activities, SQL only) p95 ${f.baselineP95Ms.toFixed(1).padStart(8)} ms  ${(f.baselineP95Ms / f.p95Ms).toFixed(1)}x`,
    );
}
