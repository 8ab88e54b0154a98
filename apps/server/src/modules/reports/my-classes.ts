import { sql } from 'drizzle-orm';
import { type MyClassesReport, type ReportFilters } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { requireScope } from '../../access/permission.js';
import { taughtPeriodsSql } from '../../access/periods.js';
import { appliedRange } from './range.js';
import { classLabel, classSums } from './sources.js';

/** My classes: each of the teacher's periods with its students' sums. */
export async function myClassesReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<MyClassesReport> {
  requireScope(user, 'reports:myClasses');
  const r = await appliedRange(db, user, f);
  const periods = rowsOf<{ id: string; period_number: number; name: string }>(
    await db.execute(
      sql`select id, period_number, name from periods where school_id = ${user.schoolId} and id in (${taughtPeriodsSql(user)}) order by period_number, name, id`,
    ),
  ).filter((p) => !f.periodId || p.id === f.periodId);
  // Three queries whatever the number of periods: the periods, their students' sums, what was given in them.
  const sums = await classSums(
    db,
    user,
    f,
    r,
    periods.map((p) => p.id),
  );
  const rows: MyClassesReport['rows'] = periods.flatMap((p) =>
    sums
      .filter((x) => x.periodId === p.id)
      .map((x) => ({ ...x, periodLabel: classLabel(p.period_number, p.name) })),
  );
  return { ...r, rows };
}
