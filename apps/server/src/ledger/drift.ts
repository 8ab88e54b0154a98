import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/**
 * Books check for one school: wallets against the ledger (activities earned, order items spent is
 * added with the store) and the daily rollup against the activities. Returns the rows that disagree.
 */
export async function ledgerDrift(db: Queryable, schoolId: string): Promise<Record<string, unknown>[]> {
  const wallet = await db.execute(sql`
    select w.student_id, w.total_earned, coalesce(a.sum, 0) as ledger, w.balance, w.total_spent
    from wallets w
    left join (select student_id, sum(points) as sum from activities where school_id = ${schoolId} group by student_id) a on a.student_id = w.student_id
    where w.school_id = ${schoolId} and (w.total_earned <> coalesce(a.sum, 0) or w.balance <> w.total_earned - w.total_spent)`);
  const missingWallet = await db.execute(sql`
    select a.student_id from activities a where a.school_id = ${schoolId}
    and not exists (select 1 from wallets w where w.school_id = a.school_id and w.student_id = a.student_id) limit 5`);
  const rollup = await db.execute(sql`
    select coalesce(r.student_id, a.student_id) as student_id, coalesce(r.date, a.date) as date, r.earned, a.sum, r.count, a.n
    from (select student_id, date, category, earned, count from daily_rollup where school_id = ${schoolId} and (earned <> 0 or count <> 0)) r
    full join (select student_id, date, category, sum(points) as sum, count(*) as n from activities where school_id = ${schoolId} group by 1, 2, 3) a
      on a.student_id = r.student_id and a.date = r.date and a.category = r.category
    where r.earned is distinct from a.sum or r.count is distinct from a.n`);
  return [...rowsOf(wallet), ...rowsOf(missingWallet), ...rowsOf(rollup)];
}
