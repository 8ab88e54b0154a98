import { sql } from 'drizzle-orm';
import { houseOrNone, type ReportFilters, type SchoolDashboardReport } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { STORE_CATEGORY } from '../../ledger/orders.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { appliedRange } from './range.js';
import { n, studentWhere, rollupSource, trend, trendPoints, periodFilter } from './sources.js';

/** School dashboard: totals, the day-by-day trend, house standings and store sales. */
export async function schoolDashboardReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<SchoolDashboardReport> {
  if (requireScope(user, 'reports:schoolDashboard') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const pf = periodFilter(f);
  const t = await trend(db, user, f, r, pf);
  const houses = rowsOf<{ house: string; students: unknown; earned: unknown; active: unknown }>(
    await db.execute(sql`
      select coalesce(u.house, 'None') as house, count(*) as students, coalesce(sum(s.earned), 0) as earned, count(s.student_id) filter (where s.n > 0) as active
      from users u
      left join (select d.student_id, sum(d.earned) filter (where d.category <> ${STORE_CATEGORY}) as earned, sum(d.count) filter (where d.category <> ${STORE_CATEGORY}) as n
                 from ${rollupSource(user, f, r)} group by d.student_id) s on s.student_id = u.id
      where ${studentWhere(user, f, pf)}
      group by 1 order by 3 desc, 1`),
  );
  const sum = (k: 'earned' | 'bonuses' | 'flags' | 'flagCount' | 'spent' | 'orders') =>
    t.points.reduce((a, d) => a + d[k], 0);
  return {
    ...r,
    totals: {
      students: houses.reduce((a, h) => a + n(h.students), 0),
      activeStudents: houses.reduce((a, h) => a + n(h.active), 0),
      earned: sum('earned'),
      bonuses: sum('bonuses'),
      flags: sum('flags'),
      flagCount: sum('flagCount'),
      spent: sum('spent'),
      orders: sum('orders'),
    },
    trend: trendPoints(t),
    trendBy: t.by,
    houses: houses
      .filter((h) => h.house !== 'None' || n(h.students) > 0)
      .map((h) => ({
        house: h.house,
        houseName: houseOrNone(h.house),
        students: n(h.students),
        earned: n(h.earned),
      })),
    storeSales: t.points
      .filter((d) => d.spent || d.orders)
      .map((d) => ({ date: d.date, spent: d.spent, orders: d.orders })),
  };
}
