import { getTableColumns, sql } from 'drizzle-orm';
import {
  DEMOGRAPHIC_FLAGS,
  equityRows,
  groupOf,
  MIN_GROUP_SIZE,
  type Demographics,
  type EquityAnswer,
  type EquityQuery,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { studentDemographics } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { isStudentSql } from '../../access/students.js';
import { pbisRange } from './pbis-range.js';
import { n, rollupSource } from './sources.js';

const FIELDS = ['sex', ...DEMOGRAPHIC_FLAGS] as const;
const COLUMNS = getTableColumns(studentDemographics);
/** The demographics of `dm` (a student_demographics row) under their field names: a row reads as Demographics. */
const demographicsSelect = sql.join(
  FIELDS.map((f) => sql.raw(`dm.${COLUMNS[f].name} as "${f}"`)),
  sql`, `,
);

/**
 * GET reports/equity (issue 34): over the range (year to date by default), per group of the
 * breakdown, how many students, the share recognised (at least one bonus), bonuses and flags per
 * student, and the risk ratios of a bonus and a flag against all other students; small groups
 * suppressed (equityRows, packages/domain/src/pbis/equity.ts). Only `reports:equity` reads it.
 *
 * The students: the school's current students, and those who left but had points or purchases in
 * the range (a past year's report keeps its students). One aggregate of the rollups (whole months
 * from the monthly one) per student, joined to their demographics; the groups are summed here.
 */
export async function equityReport(
  db: Queryable,
  me: AuthUser,
  q: EquityQuery,
): Promise<EquityAnswer> {
  if (requireScope(me, 'reports:equity') !== 'school') throw forbidden();
  const r = await pbisRange(db, me, q, 'year-to-date');
  const rows = rowsOf<
    Demographics & {
      grade_level: string | null;
      has_row: boolean;
      bonuses: unknown;
      flags: unknown;
    }
  >(
    await db.execute(sql`
      select u.grade_level, dm.student_id is not null as has_row, ${demographicsSelect},
        coalesce(s.bonuses, 0) as bonuses, coalesce(s.flags, 0) as flags
      from users u
      left join (
        select d.student_id,
          sum(d.count) filter (where d.category = 'Bonuses') as bonuses,
          sum(d.count) filter (where d.category = 'Flags') as flags,
          sum(d.count) as entries
        from ${rollupSource(me, {}, r)} group by d.student_id) s on s.student_id = u.id
      left join student_demographics dm on dm.school_id = u.school_id and dm.student_id = u.id
      where u.school_id = ${me.schoolId} and ${isStudentSql(sql`u.roles`)}
        and (u.left_at is null or s.entries > 0)`),
  );
  const students = rows.map((x) => ({
    group: groupOf(q.by, x.has_row ? x : null, x.grade_level),
    bonuses: n(x.bonuses),
    flags: n(x.flags),
  }));
  return { ...r, by: q.by, minGroupSize: MIN_GROUP_SIZE, groups: equityRows(q.by, students) };
}
