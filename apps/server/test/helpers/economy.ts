import { eq, sql } from 'drizzle-orm';
import { lastSchoolDay, todayIn } from '@app/domain';
import type { Db } from '../../src/db/client.js';
import { activityTypes } from '../../src/db/schema.js';
import { loadCalendar } from '../../src/modules/calendar/service.js';
import type { SchoolRow } from './factories.js';

/** The latest school day up to today for a factory school (the default date of a give). */
export async function schoolDay(db: Db, school: SchoolRow): Promise<string> {
  const cal = await loadCalendar(db, school);
  const d = lastSchoolDay(cal, cal.today);
  if (!d) throw new Error('no school day in the factory year');
  return d;
}

export async function typeByName(db: Db, school: SchoolRow, name: string) {
  const rows = await db.select().from(activityTypes).where(eq(activityTypes.schoolId, school.id));
  const t = rows.find((r) => r.name === name);
  if (!t) throw new Error(`no activity type ${name}`);
  return t;
}

/**
 * Drift check: every wallet equals the sum of its ledger and the rollup equals the activities.
 * Returns the rows that disagree (empty when the books balance).
 */
export async function ledgerDrift(db: Db, schoolId: string) {
  const wallet = await db.execute(sql`
    select w.student_id, w.total_earned, coalesce(a.sum, 0) as ledger
    from wallets w
    left join (select student_id, sum(points) as sum from activities where school_id = ${schoolId} group by student_id) a on a.student_id = w.student_id
    where w.school_id = ${schoolId} and (w.total_earned <> coalesce(a.sum, 0) or w.balance <> w.total_earned - w.total_spent)`);
  const missingWallet = await db.execute(sql`
    select a.student_id from activities a where a.school_id = ${schoolId}
    and not exists (select 1 from wallets w where w.school_id = a.school_id and w.student_id = a.student_id) limit 5`);
  const rollup = await db.execute(sql`
    select coalesce(r.student_id, a.student_id) as student_id, r.earned, a.sum, r.count, a.n
    from (select student_id, date, category, earned, count from daily_rollup where school_id = ${schoolId} and (earned <> 0 or count <> 0)) r
    full join (select student_id, date, category, sum(points) as sum, count(*) as n from activities where school_id = ${schoolId} group by 1, 2, 3) a
      on a.student_id = r.student_id and a.date = r.date and a.category = r.category
    where r.earned is distinct from a.sum or r.count is distinct from a.n`);
  const rows = (r: unknown) => (r as { rows: unknown[] }).rows;
  return [...rows(wallet), ...rows(missingWallet), ...rows(rollup)];
}

export { todayIn };
