import { sql } from 'drizzle-orm';
import { houseLabel, msg, type ReportFilters, type TeacherGivingReport } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { NO_PERIOD } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireScope } from '../../access/permission.js';
import { appliedRange } from './range.js';
import { n, studentWhere, periodFilter, givenSource, giversWhere } from './sources.js';

/** To whom one staff member gave over the range: per student, from the giver × student rollup. */
export async function teacherGivingReport(
  db: Queryable,
  user: AuthUser,
  giverId: string,
  f: ReportFilters,
): Promise<TeacherGivingReport> {
  if (requireScope(user, 'reports:teacherUsage') !== 'school') throw forbidden();
  if (!isUuid(giverId)) throw notFound(msg('msg.staffNotFound'));
  const [giver] = rowsOf<{ id: string; first_name: string; last_name: string }>(
    await db.execute(
      sql`select u.id, u.first_name, u.last_name from users u where u.school_id = ${user.schoolId} and u.id = ${giverId}::uuid and ${giversWhere(user)}`,
    ),
  );
  if (!giver) throw notFound(msg('msg.staffNotFound'));
  const r = await appliedRange(db, user, f);
  const pf = periodFilter(f);
  const res = await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.grade_level, u.house,
      coalesce(sum(g.points) filter (where g.category = 'Bonuses'), 0) as bonus_points, coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as bonus_count,
      coalesce(sum(g.points) filter (where g.category = 'Flags'), 0) as flag_points, coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as flag_count,
      coalesce(sum(g.points) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_points,
      coalesce(sum(g.count) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_count,
      coalesce(sum(g.count) filter (where g.period_id <> ${NO_PERIOD}::uuid), 0) as in_class
    from ${givenSource(user, f, r, { giverId: giver.id })}
    join users u on u.school_id = ${user.schoolId} and u.id = g.student_id
    where ${studentWhere(user, f)}${pf ? sql` and g.period_id = ${pf}` : sql``}
    group by u.id, u.first_name, u.last_name, u.grade_level, u.house
    having sum(g.count) > 0
    order by u.last_name, u.first_name, u.id`);
  type Raw = Record<
    | 'bonus_points'
    | 'bonus_count'
    | 'flag_points'
    | 'flag_count'
    | 'other_points'
    | 'other_count'
    | 'in_class',
    unknown
  > & {
    id: string;
    first_name: string;
    last_name: string;
    grade_level: string | null;
    house: string | null;
  };
  return {
    ...r,
    giver: { giverId: giver.id, firstName: giver.first_name, lastName: giver.last_name },
    rows: rowsOf<Raw>(res).map((x) => ({
      studentId: x.id,
      firstName: x.first_name,
      lastName: x.last_name,
      gradeLevel: x.grade_level,
      house: x.house,
      houseName: x.house ? houseLabel(x.house) : null,
      bonusPoints: n(x.bonus_points),
      bonusCount: n(x.bonus_count),
      flagPoints: n(x.flag_points),
      flagCount: n(x.flag_count),
      otherPoints: n(x.other_points),
      otherCount: n(x.other_count),
      inClassCount: n(x.in_class),
    })),
  };
}
