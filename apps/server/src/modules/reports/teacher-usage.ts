import { sql } from 'drizzle-orm';
import { type ReportFilters, type TeacherUsageReport } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { appliedRange, thisWeekStart } from './range.js';
import { n, giversWhere } from './sources.js';

/** Teacher usage: the giver rollup per staff member who may give, and who has not given this week. */
export async function teacherUsageReport(
  db: Queryable,
  user: AuthUser,
  f: ReportFilters,
): Promise<TeacherUsageReport> {
  if (requireScope(user, 'reports:teacherUsage') !== 'school') throw forbidden();
  const r = await appliedRange(db, user, f);
  const week = await thisWeekStart(db, user);
  const cat = f.category ? sql` and g.category = ${f.category}` : sql``;
  const staff = rowsOf<{ id: string; first_name: string; last_name: string; this_week: boolean }>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name,
        exists (select 1 from giver_rollup g where g.school_id = u.school_id and g.giver_id = u.id and g.count > 0
                and g.date between ${week.from}::date and ${week.to}::date) as this_week
      from users u
      where u.school_id = ${user.schoolId} and ${giversWhere(user)}
      order by u.last_name, u.first_name, u.id`),
  );
  const inRange = rowsOf<{ id: string } & Record<string, unknown>>(
    await db.execute(sql`
      select g.giver_id as id,
        coalesce(sum(g.points) filter (where g.category = 'Bonuses'), 0) as bonus_points,
        coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as bonus_count,
        coalesce(sum(g.points) filter (where g.category = 'Flags'), 0) as flag_points,
        coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as flag_count,
        coalesce(sum(g.points) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_points,
        coalesce(sum(g.count) filter (where g.category not in ('Bonuses', 'Flags')), 0) as other_count,
        count(distinct g.date) filter (where g.count > 0) as days_given,
        max(g.date) filter (where g.count > 0)::text as last_given
      from giver_rollup g where g.school_id = ${user.schoolId} and g.date between ${r.startDate}::date and ${r.endDate}::date${cat}
      group by g.giver_id`),
  );
  const sums = new Map(inRange.map((x) => [x.id, x]));
  return {
    ...r,
    weekStart: week.from,
    rows: staff.map((u) => {
      const x = sums.get(u.id);
      return {
        giverId: u.id,
        firstName: u.first_name,
        lastName: u.last_name,
        bonusPoints: n(x?.bonus_points),
        bonusCount: n(x?.bonus_count),
        flagPoints: n(x?.flag_points),
        flagCount: n(x?.flag_count),
        otherPoints: n(x?.other_points),
        otherCount: n(x?.other_count),
        daysGiven: n(x?.days_given),
        lastGiven: (x?.last_given as string | null | undefined) ?? null,
      };
    }),
    notGivenThisWeek: staff
      .filter((u) => !u.this_week)
      .map((u) => ({ giverId: u.id, firstName: u.first_name, lastName: u.last_name })),
  };
}
