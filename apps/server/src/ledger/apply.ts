import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { NO_PERIOD } from '../db/schema.js';
import { pgArray } from '../lib/pg-array.js';

/** A change to one student's points on one day in one category (earned may be negative). */
export interface LedgerDelta {
  studentId: string;
  date: string;
  category: string;
  earned: number;
  spent: number;
  count: number;
  /** Who gave the activity: also booked in the giver rollups (teacher usage, class reports). */
  givenBy?: string | null;
  /** The class it was given in (activities.internal_period_id), for the giver × student rollup. */
  periodId?: string | null;
}

/**
 * Applies deltas to wallets and the daily rollup inside the caller's transaction, in the same
 * statement as `alongWith` (the ledger inserts, updates or deletes behind them) when given. Rows are summed
 * per key and written in student order, so concurrent gives to overlapping students lock in the
 * same order and never deadlock; each update is an increment, so none is lost.
 */
export async function applyLedger(tx: Queryable, schoolId: string, deltas: readonly LedgerDelta[], alongWith?: SQL | readonly SQL[]): Promise<void> {
  const along = alongWith === undefined ? [] : Array.isArray(alongWith) ? (alongWith as readonly SQL[]) : [alongWith as SQL];
  if (!deltas.length) {
    for (const statement of along) await tx.execute(statement);
    return;
  }
  const wallets = new Map<string, { earned: number; spent: number }>();
  const rollup = new Map<string, LedgerDelta>();
  for (const d of deltas) {
    const w = wallets.get(d.studentId) ?? { earned: 0, spent: 0 };
    w.earned += d.earned;
    w.spent += d.spent;
    wallets.set(d.studentId, w);
    const key = `${d.studentId}|${d.date}|${d.category}`;
    const r = rollup.get(key);
    if (r) {
      r.earned += d.earned;
      r.spent += d.spent;
      r.count += d.count;
    } else rollup.set(key, { ...d });
  }
  const givers = new Map<string, { giverId: string; date: string; category: string; points: number; count: number }>();
  for (const d of deltas) {
    if (!d.givenBy) continue;
    const key = `${d.givenBy}|${d.date}|${d.category}`;
    const g = givers.get(key);
    if (g) {
      g.points += d.earned;
      g.count += d.count;
    } else givers.set(key, { giverId: d.givenBy, date: d.date, category: d.category, points: d.earned, count: d.count });
  }
  const gs = [...givers.values()].sort((a, b) => (a.giverId < b.giverId ? -1 : a.giverId > b.giverId ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : a.category < b.category ? -1 : 1));
  const giverUpsert = gs.length
    ? sql`, giver as (
    insert into giver_rollup (school_id, giver_id, date, category, points, count)
    select ${schoolId}::uuid, t.g, t.d, t.c, t.p, t.n
    from unnest(${pgArray(gs.map((g) => g.giverId), 'uuid')}, ${pgArray(gs.map((g) => g.date), 'date')}, ${pgArray(gs.map((g) => g.category), 'text')},
                ${pgArray(gs.map((g) => g.points), 'bigint')}, ${pgArray(gs.map((g) => g.count), 'int')}) as t(g, d, c, p, n)
    order by t.g, t.d, t.c
    on conflict (school_id, giver_id, date, category) do update set
      points = giver_rollup.points + excluded.points,
      count = giver_rollup.count + excluded.count)`
    : sql``;
  // Per giver, month, student, period and category: "to whom" and what was given in a class.
  const toWhom = new Map<string, { giverId: string; month: string; studentId: string; periodId: string; category: string; points: number; count: number }>();
  for (const d of deltas) {
    if (!d.givenBy) continue;
    const periodId = d.periodId ?? NO_PERIOD;
    const month = `${d.date.slice(0, 7)}-01`;
    const key = `${d.givenBy}|${month}|${d.studentId}|${periodId}|${d.category}`;
    const g = toWhom.get(key);
    if (g) {
      g.points += d.earned;
      g.count += d.count;
    } else toWhom.set(key, { giverId: d.givenBy, month, studentId: d.studentId, periodId, category: d.category, points: d.earned, count: d.count });
  }
  const tw = [...toWhom.values()];
  const toWhomUpsert = tw.length
    ? sql`, to_whom as (
    insert into giver_student_monthly (school_id, giver_id, month, student_id, period_id, category, points, count)
    select ${schoolId}::uuid, t.g, t.m, t.s, t.p, t.c, t.pts, t.n
    from unnest(${pgArray(tw.map((g) => g.giverId), 'uuid')}, ${pgArray(tw.map((g) => g.month), 'date')}, ${pgArray(tw.map((g) => g.studentId), 'uuid')},
                ${pgArray(tw.map((g) => g.periodId), 'uuid')}, ${pgArray(tw.map((g) => g.category), 'text')},
                ${pgArray(tw.map((g) => g.points), 'bigint')}, ${pgArray(tw.map((g) => g.count), 'int')}) as t(g, m, s, p, c, pts, n)
    order by t.g, t.m, t.s, t.p, t.c
    on conflict (school_id, giver_id, month, student_id, period_id, category) do update set
      points = giver_student_monthly.points + excluded.points,
      count = giver_student_monthly.count + excluded.count)`
    : sql``;
  // The same deltas by month (the monthly rollup), summed here: one INSERT may not touch a row twice.
  const months = new Map<string, LedgerDelta>();
  for (const d of rollup.values()) {
    const month = `${d.date.slice(0, 7)}-01`;
    const key = `${d.studentId}|${month}|${d.category}`;
    const m = months.get(key);
    if (m) {
      m.earned += d.earned;
      m.spent += d.spent;
      m.count += d.count;
    } else months.set(key, { ...d, date: month });
  }
  const ms = [...months.values()].sort((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0));
  const monthlyUpsert = sql`, monthly as (
    insert into monthly_rollup (school_id, student_id, month, category, earned, spent, count)
    select ${schoolId}::uuid, t.s, t.d, t.c, t.e, t.sp, t.n
    from unnest(${pgArray(ms.map((r) => r.studentId), 'uuid')}, ${pgArray(ms.map((r) => r.date), 'date')}, ${pgArray(ms.map((r) => r.category), 'text')},
                ${pgArray(ms.map((r) => r.earned), 'bigint')}, ${pgArray(ms.map((r) => r.spent), 'bigint')}, ${pgArray(ms.map((r) => r.count), 'int')}) as t(s, d, c, e, sp, n)
    order by t.s, t.d, t.c
    on conflict (school_id, student_id, month, category) do update set
      earned = monthly_rollup.earned + excluded.earned,
      spent = monthly_rollup.spent + excluded.spent,
      count = monthly_rollup.count + excluded.count)`;
  const ws = [...wallets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // One statement: the caller's ledger write (if any), the wallets, the giver, giver × student and monthly rollups and the rollup, in one round trip.
  const walletUpsert = sql`
    insert into wallets (school_id, student_id, balance, total_earned, total_spent)
    select ${schoolId}::uuid, t.s, t.e - t.sp, t.e, t.sp
    from unnest(${pgArray(ws.map(([s]) => s), 'uuid')}, ${pgArray(ws.map(([, w]) => w.earned), 'bigint')}, ${pgArray(ws.map(([, w]) => w.spent), 'bigint')}) as t(s, e, sp)
    order by t.s
    on conflict (school_id, student_id) do update set
      balance = wallets.balance + excluded.balance,
      total_earned = wallets.total_earned + excluded.total_earned,
      total_spent = wallets.total_spent + excluded.total_spent`;
  const rs = [...rollup.values()].sort((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0));
  await tx.execute(sql`
    with ${sql.join(along.map((statement, i) => sql`${sql.raw(`ledger${i}`)} as (${statement}), `))}wallet as (${walletUpsert})${giverUpsert}${toWhomUpsert}${monthlyUpsert}
    insert into daily_rollup (school_id, student_id, date, category, earned, spent, count)
    select ${schoolId}::uuid, t.s, t.d, t.c, t.e, t.sp, t.n
    from unnest(${pgArray(rs.map((r) => r.studentId), 'uuid')}, ${pgArray(rs.map((r) => r.date), 'date')}, ${pgArray(rs.map((r) => r.category), 'text')},
                ${pgArray(rs.map((r) => r.earned), 'bigint')}, ${pgArray(rs.map((r) => r.spent), 'bigint')}, ${pgArray(rs.map((r) => r.count), 'int')}) as t(s, d, c, e, sp, n)
    order by t.s, t.d, t.c
    on conflict (school_id, student_id, date, category) do update set
      earned = daily_rollup.earned + excluded.earned,
      spent = daily_rollup.spent + excluded.spent,
      count = daily_rollup.count + excluded.count`);
}
