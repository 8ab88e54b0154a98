import {
  gradeOrNone,
  houseOrNone,
  type ReportFilters,
  type SchoolStudentsReport,
  type StudentSumsRow,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { appliedRange } from './range.js';
import { studentSums, periodFilter } from './sources.js';

type Group = SchoolStudentsReport['byGrade'][number];

function groupBy(
  rows: readonly StudentSumsRow[],
  key: (r: StudentSumsRow) => string,
  label: (key: string) => string,
): Group[] {
  const out = new Map<string, Group>();
  for (const r of rows) {
    const k = key(r);
    const g = out.get(k) ?? {
      key: k,
      label: label(k),
      students: 0,
      earned: 0,
      bonuses: 0,
      flags: 0,
      flagCount: 0,
      spent: 0,
    };
    g.students += 1;
    g.earned += r.earned;
    g.bonuses += r.bonuses;
    g.flags += r.flags;
    g.flagCount += r.flagCount;
    g.spent += r.spent;
    out.set(k, g);
  }
  return [...out.values()].sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true }));
}

/** School students: every student's sums (top earners, most flagged are sorts of them), by grade and by house. */
export async function schoolStudentsReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<SchoolStudentsReport> {
  if (requireScope(user, 'reports:schoolStudents') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const rows = await studentSums(db, user, f, r, periodFilter(f));
  return {
    ...r,
    rows,
    byGrade: groupBy(rows, (x) => x.gradeLevel ?? 'None', gradeOrNone),
    byHouse: groupBy(rows, (x) => x.house ?? 'None', houseOrNone),
  };
}
