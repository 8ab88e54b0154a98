import { type ClassReport, type ReportFilters } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { periodFor } from '../../access/periods.js';
import { appliedRange } from './range.js';
import { trend, trendPoints, periodIdSql, classLabel, classSums } from './sources.js';

/** A period over a range: its students' sums and the trend (a teacher their own periods). */
export async function classReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters & { periodId: string },
): Promise<ClassReport> {
  const p = await periodFor(db, user, 'reports:myClasses', f.periodId);
  const r = await appliedRange(db, user, f);
  const label = classLabel(p.periodNumber, p.name);
  const [sums, t] = [
    await classSums(db, user, f, r, [p.id]),
    await trend(db, user, f, r, periodIdSql(p.id)),
  ];
  const rows = sums.map(({ periodId: _p, ...row }) => row);
  return { ...r, periodId: p.id, periodLabel: label, rows, trend: trendPoints(t), trendBy: t.by };
}
