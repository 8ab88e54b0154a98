import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.js';
import { NO_PERIOD } from '../db/schema.js';
import { isSpending, STORE_CATEGORY } from './orders.js';

/**
 * Books check for one school: wallets against the ledger (activities earned, the totals of orders
 * that are not CANCELED or REFUNDED spent), each order's total against its items, and the daily
 * rollup against the activities (earned) and the orders (spent, category Store), the giver and
 * giver × student (monthly) rollups against the activities with a giver, the monthly rollup against the daily one. Returns the rows
 * that disagree.
 */
export async function ledgerDrift(
  db: Queryable,
  schoolId: string,
): Promise<Record<string, unknown>[]> {
  const spending = isSpending(sql`o.status`);
  const wallet = await db.execute(sql`
    select w.student_id, w.total_earned, coalesce(a.sum, 0) as ledger, w.balance, w.total_spent, coalesce(o.sum, 0) as spent_ledger
    from wallets w
    left join (select student_id, sum(points) as sum from activities where school_id = ${schoolId} group by student_id) a on a.student_id = w.student_id
    left join (select o.student_id, sum(o.total) as sum from orders o where o.school_id = ${schoolId} and ${spending} group by o.student_id) o on o.student_id = w.student_id
    where w.school_id = ${schoolId}
      and (w.total_earned <> coalesce(a.sum, 0) or w.total_spent <> coalesce(o.sum, 0) or w.balance <> w.total_earned - w.total_spent)`);
  const missingWallet = await db.execute(sql`
    select s.student_id from (select student_id from activities where school_id = ${schoolId} union select student_id from orders where school_id = ${schoolId}) s
    where not exists (select 1 from wallets w where w.school_id = ${schoolId} and w.student_id = s.student_id) limit 5`);
  const orderTotals = await db.execute(sql`
    select o.id as order_id, o.total, coalesce(i.sum, 0) as items
    from orders o left join (select order_id, sum(price * quantity) as sum from order_items where school_id = ${schoolId} group by order_id) i on i.order_id = o.id
    where o.school_id = ${schoolId} and o.total <> coalesce(i.sum, 0)`);
  const rollup = await db.execute(sql`
    select coalesce(r.student_id, a.student_id) as student_id, coalesce(r.date, a.date) as date, r.earned, a.sum, r.count, a.n
    from (select student_id, date, category, earned, count from daily_rollup where school_id = ${schoolId} and category <> ${STORE_CATEGORY} and (earned <> 0 or count <> 0)) r
    full join (select student_id, date, category, sum(points) as sum, count(*) as n from activities where school_id = ${schoolId} group by 1, 2, 3) a
      on a.student_id = r.student_id and a.date = r.date and a.category = r.category
    where r.earned is distinct from a.sum or r.count is distinct from a.n`);
  const storeRollup = await db.execute(sql`
    select coalesce(r.student_id, o.student_id) as student_id, coalesce(r.date, o.date) as date, r.spent, o.sum, r.count, o.n
    from (select student_id, date, spent, earned, count from daily_rollup where school_id = ${schoolId} and category = ${STORE_CATEGORY} and (spent <> 0 or earned <> 0 or count <> 0)) r
    full join (select o.student_id, o.date, sum(o.total) as sum, count(*) as n from orders o where o.school_id = ${schoolId} and ${spending} group by 1, 2) o
      on o.student_id = r.student_id and o.date = r.date
    where r.spent is distinct from o.sum or r.count is distinct from o.n or r.earned <> 0`);
  const giverRollup = await db.execute(sql`
    select coalesce(r.giver_id, a.given_by) as giver_id, coalesce(r.date, a.date) as date, coalesce(r.category, a.category) as category, r.points, a.sum, r.count, a.n
    from (select giver_id, date, category, points, count from giver_rollup where school_id = ${schoolId} and (points <> 0 or count <> 0)) r
    full join (select given_by, date, category, sum(points) as sum, count(*) as n from activities where school_id = ${schoolId} and given_by is not null group by 1, 2, 3) a
      on a.given_by = r.giver_id and a.date = r.date and a.category = r.category
    where r.points is distinct from a.sum or r.count is distinct from a.n`);
  const toWhom = await db.execute(sql`
    select coalesce(r.giver_id, a.given_by) as giver_id, coalesce(r.student_id, a.student_id) as student_id, coalesce(r.month, a.month) as month,
           coalesce(r.period_id, a.period_id) as period_id, coalesce(r.category, a.category) as category, r.points, a.sum, r.count, a.n
    from (select giver_id, student_id, month, period_id, category, points, count from giver_student_monthly where school_id = ${schoolId} and (points <> 0 or count <> 0)) r
    full join (select given_by, student_id, date_trunc('month', date)::date as month, coalesce(internal_period_id, ${NO_PERIOD}::uuid) as period_id, category, sum(points) as sum, count(*) as n
               from activities where school_id = ${schoolId} and given_by is not null group by 1, 2, 3, 4, 5) a
      on a.given_by = r.giver_id and a.student_id = r.student_id and a.month = r.month and a.period_id = r.period_id and a.category = r.category
    where r.points is distinct from a.sum or r.count is distinct from a.n`);
  const monthlyRollup = await db.execute(sql`
    select coalesce(m.student_id, d.student_id) as student_id, coalesce(m.month, d.month) as month, coalesce(m.category, d.category) as category, m.earned, d.earned as daily_earned, m.spent, d.spent as daily_spent, m.count, d.count as daily_count
    from (select student_id, month, category, earned, spent, count from monthly_rollup where school_id = ${schoolId} and (earned <> 0 or spent <> 0 or count <> 0)) m
    full join (select student_id, date_trunc('month', date)::date as month, category, sum(earned) as earned, sum(spent) as spent, sum(count) as count
               from daily_rollup where school_id = ${schoolId} group by 1, 2, 3 having sum(earned) <> 0 or sum(spent) <> 0 or sum(count) <> 0) d
      on d.student_id = m.student_id and d.month = m.month and d.category = m.category
    where m.earned is distinct from d.earned or m.spent is distinct from d.spent or m.count is distinct from d.count`);
  return [
    wallet,
    missingWallet,
    orderTotals,
    rollup,
    storeRollup,
    giverRollup,
    toWhom,
    monthlyRollup,
  ].flatMap((r) => rowsOf<Record<string, unknown>>(r));
}
