import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  economyReading,
  median,
  percentile,
  priceIndexWeeks,
  PRODUCT_STORES,
  SPENDING_ORDER_STATUSES,
  TEACHER_CUSTOM_ACTION,
  topShare,
  weekStart,
  weekStarts,
  YEAR_END_CATEGORY,
  type EconomyAnswer,
  type EconomyMonth,
  type EconomyQuery,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { activityTypes } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { pgArray } from '../../lib/pg-array.js';
import { isCurrentStudentSql } from '../../access/students.js';
import { requireScope } from '../../access/permission.js';
import { loadCalendar } from '../calendar/service.js';
import { pbisRange } from './pbis-range.js';
import type { AppliedRange } from './range.js';
import { n, rollupSource } from './sources.js';

/*
 * GET reports/economy (issue 34): Merits issued, spent, refunded and taken back by school week, the
 * outstanding balance at each week's end, how evenly givers give, the median balance, and the
 * store's price index. Read without scanning the ledger of a year: what people gave from the giver
 * rollup (a row per giver, day and category); what nobody gave (the daily points, the year end)
 * from the activities without a giver, by their own index (activities_giverless, index-only); a
 * teacher's custom actions from their owners' activities, by the giver index; spending from the
 * orders; students' earnings from the monthly and daily rollups. With daily points a year's
 * giverless rows number two a student a school day: a rollup by school day would read fewer.
 */

type Kind = 'bonuses' | 'custom' | 'daily' | 'payDay';
interface Day {
  /** Everything earned that day (flags and the year end negative): the balances' change with spending. */
  earned: number;
  byKind: Record<Kind, number>;
  yearEnd: number;
}

const emptyDay = (): Day => ({
  earned: 0,
  byKind: { bonuses: 0, custom: 0, daily: 0, payDay: 0 },
  yearEnd: 0,
});
const issuedOf = (d: Day) => d.byKind.bonuses + d.byKind.custom + d.byKind.daily + d.byKind.payDay;

/** Each day's earning of the range by kind, from the giver rollup, the giverless activities and the custom actions. */
async function earningByDay(
  db: Queryable,
  me: AuthUser,
  from: string,
  to: string,
): Promise<Map<string, Day>> {
  const customs = await db
    .select({ id: activityTypes.id, ownerId: activityTypes.ownerId })
    .from(activityTypes)
    .where(
      and(eq(activityTypes.schoolId, me.schoolId), eq(activityTypes.type, TEACHER_CUSTOM_ACTION)),
    );
  const owners = [...new Set(customs.flatMap((c) => (c.ownerId ? [c.ownerId] : [])))];
  const [given, giverless, custom] = await Promise.all([
    db.execute(sql`
      select g.date::text as date, g.category, sum(g.points) as points from giver_rollup g
      where g.school_id = ${me.schoolId} and g.date between ${from}::date and ${to}::date
      group by 1, 2`),
    db.execute(sql`
      select a.date::text as date, a.category, a.points from (
        select a.date, a.category, sum(a.points) as points from activities a
        where a.school_id = ${me.schoolId} and a.given_by is null and a.date between ${from}::date and ${to}::date
        group by a.date, a.category) a`),
    owners.length
      ? db.execute(sql`
          select a.date::text as date, sum(a.points) as points from activities a
          where a.school_id = ${me.schoolId} and a.given_by = any(${pgArray(owners, 'uuid')})
            and a.date between ${from}::date and ${to}::date
            and a.activity_type_id = any(${pgArray(
              customs.map((c) => c.id),
              'uuid',
            )}) and a.points > 0
          group by 1`)
      : null,
  ]);
  const days = new Map<string, Day>();
  const day = (d: string) => days.get(d) ?? days.set(d, emptyDay()).get(d)!;
  for (const x of [
    ...rowsOf<{ date: string; category: string; points: unknown }>(given),
    ...rowsOf<{ date: string; category: string; points: unknown }>(giverless),
  ]) {
    const d = day(x.date);
    const points = n(x.points);
    d.earned += points;
    if (x.category === 'Bonuses') d.byKind.bonuses += points;
    else if (x.category === 'Daily Behavior' || x.category === 'Daily Attendance')
      d.byKind.daily += points;
    else if (x.category === 'Academic Pay Day') d.byKind.payDay += points;
    else if (x.category === YEAR_END_CATEGORY) d.yearEnd -= points;
  }
  // A custom bonus is a bonus of a teacher's own making: moved from bonuses to custom.
  for (const x of custom ? rowsOf<{ date: string; points: unknown }>(custom) : []) {
    const d = day(x.date);
    d.byKind.bonuses -= n(x.points);
    d.byKind.custom += n(x.points);
  }
  return days;
}

/** The store's figures: spending and refunds by the day orders were placed, and the median price of what was bought. */
async function storeFigures(db: Queryable, me: AuthUser, r: AppliedRange) {
  const spending = pgArray([...SPENDING_ORDER_STATUSES], 'text');
  const [orders, prices] = await Promise.all([
    db.execute(sql`
      select o.date::text as date,
        coalesce(sum(o.total) filter (where o.status = any(${spending})), 0) as spent,
        coalesce(sum(o.total) filter (where o.status = 'REFUNDED'), 0) as refunded
      from orders o
      where o.school_id = ${me.schoolId} and o.date between ${r.startDate}::date and ${r.endDate}::date
      group by 1`),
    // The price of each item bought from a product store, once per unit: the median of all, and of each month.
    db.execute(sql`
      with units as (
        select date_trunc('month', o.date)::date as month, i.price
        from orders o
        join order_items i on i.school_id = o.school_id and i.order_id = o.id
        cross join generate_series(1, greatest(i.quantity, 1)) as unit
        where o.school_id = ${me.schoolId} and o.date between ${r.startDate}::date and ${r.endDate}::date
          and o.status = any(${spending}) and o.store = any(${pgArray([...PRODUCT_STORES], 'text')}))
      select to_char(month, 'YYYY-MM') as month, percentile_cont(0.5) within group (order by price) as median
      from units group by grouping sets ((month), ())`),
  ]);
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    orders: rowsOf<{ date: string; spent: unknown; refunded: unknown }>(orders),
    prices: new Map(
      rowsOf<{ month: string | null; median: unknown }>(prices).map((x) => [
        x.month,
        num(x.median),
      ]),
    ),
  };
}

/** The median of what each current student earned in the range (flags counted, spending and the year end not). */
async function medianEarning(db: Queryable, me: AuthUser, r: AppliedRange): Promise<number | null> {
  const [row] = rowsOf<{ median: unknown }>(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by coalesce(s.earned, 0)) as median
      from users u
      left join (select d.student_id, sum(d.earned) as earned from ${rollupSource(me, {}, r)}
                 where d.category not in ('Store', ${YEAR_END_CATEGORY}) group by d.student_id) s on s.student_id = u.id
      where u.school_id = ${me.schoolId} and ${isCurrentStudentSql('u')}`),
  );
  return row?.median == null ? null : Number(row.median);
}

/**
 * The school's half beyond the weeks: every wallet's total and the current students' median
 * balance, what each giver gave (flags are no giving), and what balances changed by after the
 * range (so the outstanding at each week's end counts back from today's).
 */
async function schoolFigures(db: Queryable, me: AuthUser, r: AppliedRange) {
  const cal = await loadCalendar(db, me.school);
  const [balances, givers, after] = await Promise.all([
    db.execute(sql`
      select (select coalesce(sum(w.balance), 0) from wallets w where w.school_id = ${me.schoolId}) as total,
        (select percentile_cont(0.5) within group (order by coalesce(w.balance, 0))
         from users u left join wallets w on w.school_id = u.school_id and w.student_id = u.id
         where u.school_id = ${me.schoolId} and ${isCurrentStudentSql('u')}) as median`),
    db.execute(sql`
      select g.giver_id, sum(g.points) as given from giver_rollup g
      where g.school_id = ${me.schoolId} and g.date between ${r.startDate}::date and ${r.endDate}::date
        and g.category <> 'Flags'
      group by g.giver_id having sum(g.points) > 0`),
    r.endDate < cal.today
      ? db.execute(sql`
          select coalesce(sum(d.earned - d.spent), 0) as net
          from ${rollupSource(me, {}, { startDate: addDays(r.endDate, 1), endDate: cal.today })}`)
      : null,
  ]);
  const [totals] = rowsOf<{ total: unknown; median: unknown }>(balances);
  return {
    total: n(totals?.total),
    medianBalance: totals?.median == null ? null : Number(totals.median),
    given: rowsOf<{ given: unknown }>(givers).map((g) => n(g.given)),
    netAfter: after ? n(rowsOf<{ net: unknown }>(after)[0]?.net) : 0,
  };
}

type Week = { weekStart: string; issued: number; byKind: Record<Kind, number> } & Record<
  'earned' | 'yearEnd' | 'spent' | 'refunded',
  number
>;

/** The range's school weeks with each day's earning and each order day's spending added in. */
function weeksOf(
  r: AppliedRange,
  days: ReadonlyMap<string, Day>,
  orders: readonly { date: string; spent: unknown; refunded: unknown }[],
): Week[] {
  const weeks: Week[] = weekStarts(r.startDate, r.endDate).map((w) => ({
    weekStart: w,
    issued: 0,
    byKind: emptyDay().byKind,
    earned: 0,
    yearEnd: 0,
    spent: 0,
    refunded: 0,
  }));
  const weekOf = new Map(weeks.map((w) => [w.weekStart, w]));
  for (const [date, d] of days) {
    const w = weekOf.get(weekStart(date));
    if (!w) continue;
    w.issued += issuedOf(d);
    for (const k of Object.keys(w.byKind) as Kind[]) w.byKind[k] += d.byKind[k];
    w.earned += d.earned;
    w.yearEnd += d.yearEnd;
  }
  for (const o of orders) {
    const w = weekOf.get(weekStart(o.date));
    if (!w) continue;
    w.spent += n(o.spent);
    w.refunded += n(o.refunded);
  }
  return weeks;
}

/** The reading's months: issuing per giving day (a month in progress compares fairly), and the month's median price. */
function monthsOf(
  days: ReadonlyMap<string, Day>,
  prices: ReadonlyMap<string | null, number | null>,
): EconomyMonth[] {
  const months = new Map<string, { issued: number; givingDays: number }>();
  for (const [date, d] of days) {
    const m = months.get(date.slice(0, 7)) ?? { issued: 0, givingDays: 0 };
    const issued = issuedOf(d);
    m.issued += issued;
    if (issued > 0) m.givingDays += 1;
    months.set(date.slice(0, 7), m);
  }
  return [...months]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, m]) => ({
      month,
      issued: m.givingDays ? m.issued / m.givingDays : 0,
      medianPrice: prices.get(month) ?? null,
    }));
}

/**
 * The economy over the range (year to date by default). `reports:economy`: a school admin reads it
 * whole (`scope: 'school'`); a store manager (scope `own`) the store's half (`scope: 'store'`):
 * spending, refunds and the price index, every figure of issuing null and the reading only the
 * price index's (economyResponse, packages/domain/src/schemas-pbis.ts).
 *
 * Weeks are school weeks (Monday to Sunday) meeting the range, each counting only its days in the
 * range; `spent` and `refunded` are by the day an order was placed (as the ledger books them), so
 * `outstanding` (every wallet's balance now, less what was earned and spent since the week's end)
 * agrees with the wallets. A typical student's weekly earning is the median over current students
 * of what they earned in the range (flags counted, spending not) divided by the weeks anything was
 * issued; the reading compares the last two months' issuing per giving day.
 */
export async function economyReport(
  db: Queryable,
  me: AuthUser,
  q: EconomyQuery,
): Promise<EconomyAnswer> {
  const scope = requireScope(me, 'reports:economy');
  if (scope !== 'school' && scope !== 'own') throw forbidden();
  const whole = scope === 'school';
  const r = await pbisRange(db, me, q, 'year-to-date');
  const [days, store, earning, school] = await Promise.all([
    earningByDay(db, me, r.startDate, r.endDate),
    storeFigures(db, me, r),
    medianEarning(db, me, r),
    whole ? schoolFigures(db, me, r) : null,
  ]);
  const weeks = weeksOf(r, days, store.orders);
  // Outstanding at each week's end: today's total, less what changed after the range and after the week.
  const outstandingAt = new Map<string, number>();
  let outstanding = school ? school.total - school.netAfter : 0;
  for (const w of [...weeks].reverse()) {
    outstandingAt.set(w.weekStart, outstanding);
    outstanding -= w.earned - w.spent;
  }
  const activeWeeks = weeks.filter((w) => w.issued > 0).length;
  const index = priceIndexWeeks(
    store.prices.get(null) ?? null,
    activeWeeks && earning !== null ? earning / activeWeeks : null,
  );
  return {
    ...r,
    scope: whole ? 'school' : 'store',
    weeks: weeks.map((w) => ({
      weekStart: w.weekStart,
      issued: whole ? w.issued : null,
      issuedByKind: whole ? w.byKind : null,
      spent: w.spent,
      refunded: w.refunded,
      yearEnd: whole ? w.yearEnd : null,
      outstanding: whole ? outstandingAt.get(w.weekStart)! : null,
    })),
    givers: school
      ? {
          median: median(school.given),
          p90: percentile(school.given, 90),
          top10Share: topShare(school.given),
        }
      : null,
    medianBalance: school?.medianBalance ?? null,
    priceIndexWeeks: index,
    reading: economyReading(whole ? monthsOf(days, store.prices) : [], index),
  };
}
