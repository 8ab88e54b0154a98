import { sql } from 'drizzle-orm';
import {
  feedbackRatio,
  recognitionWindowStart,
  sortGiverRatios,
  unrecognized,
  type CoachingAnswer,
  type CoachingQuery,
  type GivingRatiosAnswer,
  type GivingRatiosQuery,
} from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { isCurrentStudentSql, taughtStudentsSql } from '../../access/students.js';
import { loadCalendar } from '../calendar/service.js';
import { pbisRange } from './pbis-range.js';
import { giversWhere, n } from './sources.js';

/*
 * A giver's ratio of positive to corrective feedback and the students nobody has recognised
 * (issue 34), read from the giver rollup (one row per giver, day and category) and the students'
 * daily rollup: a positive is a bonus the giver gave (bonuses always carry points > 0:
 * pointsFitCategory), a corrective a flag they gave.
 */

/**
 * GET coaching/me: the caller's positives, correctives and ratio over the range (the school's
 * window by default), the school's target, and the current students of the caller's classes with no
 * bonus from anyone in the school's last recognition days (today included), those waiting longest
 * first. Anyone who gives may ask (the route's action: `activity:give`); a giver without classes
 * gets no students.
 */
export async function coachingOf(
  db: Queryable,
  me: AuthUser,
  q: CoachingQuery,
): Promise<CoachingAnswer> {
  const r = await pbisRange(db, me, q, me.school.pbisRatioWindow);
  const [given] = rowsOf<{ positives: unknown; correctives: unknown }>(
    await db.execute(sql`
      select coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as positives,
             coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as correctives
      from giver_rollup g
      where g.school_id = ${me.schoolId} and g.giver_id = ${me.id}::uuid
        and g.date between ${r.startDate}::date and ${r.endDate}::date`),
  );
  const positives = n(given?.positives);
  const correctives = n(given?.correctives);
  const cal = await loadCalendar(db, me.school);
  const since = recognitionWindowStart(cal, cal.today, me.school.pbisRecognitionDays);
  // Each student's latest bonus day: a backward walk of the daily rollup's key (student, date, category).
  const students = rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    last: string | null;
  }>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name,
        (select d.date::text from daily_rollup d
          where d.school_id = u.school_id and d.student_id = u.id and d.category = 'Bonuses' and d.count > 0
          order by d.date desc limit 1) as last
      from users u
      where u.school_id = ${me.schoolId} and u.id in (${taughtStudentsSql(me)}) and ${isCurrentStudentSql('u')}`),
  );
  return {
    positives,
    correctives,
    ratio: feedbackRatio(positives, correctives),
    target: me.school.pbisTargetRatio,
    unrecognized: unrecognized(
      students.map((s) => ({
        studentId: s.id,
        name: `${s.first_name} ${s.last_name}`,
        lastRecognized: s.last,
      })),
      since,
    ),
  };
}

/**
 * The admin's school dashboard: each staff member who may give, with their positives, correctives
 * and ratio over the range (year to date by default), sorted as asked, and the school's together
 * (every giver's, those who hold no giving role any more included). Per-giver figures are what the
 * teacher usage report shows, so its action decides (`reports:teacherUsage`, whole school).
 */
export async function givingRatiosOf(
  db: Queryable,
  me: AuthUser,
  q: GivingRatiosQuery,
): Promise<GivingRatiosAnswer> {
  if (requireScope(me, 'reports:teacherUsage') !== 'school') throw forbidden();
  const r = await pbisRange(db, me, q, 'year-to-date');
  const rows = rowsOf<{
    id: string | null;
    first_name: string | null;
    last_name: string | null;
    positives: unknown;
    correctives: unknown;
  }>(
    await db.execute(sql`
      with given as (
        select g.giver_id,
          coalesce(sum(g.count) filter (where g.category = 'Bonuses'), 0) as positives,
          coalesce(sum(g.count) filter (where g.category = 'Flags'), 0) as correctives
        from giver_rollup g
        where g.school_id = ${me.schoolId} and g.date between ${r.startDate}::date and ${r.endDate}::date
          and g.category in ('Bonuses', 'Flags')
        group by g.giver_id),
      staff as (select u.id, u.first_name, u.last_name from users u where u.school_id = ${me.schoolId} and ${giversWhere(me)})
      select s.id, s.first_name, s.last_name, coalesce(g.positives, 0) as positives, coalesce(g.correctives, 0) as correctives
      from staff s left join given g on g.giver_id = s.id
      union all
      select null, null, null, coalesce(sum(g.positives), 0), coalesce(sum(g.correctives), 0) from given g`),
  );
  const school = rows.find((x) => x.id === null);
  const givers = rows
    .filter((x) => x.id !== null)
    .map((x) => {
      const positives = n(x.positives);
      const correctives = n(x.correctives);
      return {
        giverId: x.id!,
        firstName: x.first_name!,
        lastName: x.last_name!,
        name: `${x.last_name} ${x.first_name}`,
        positives,
        correctives,
        ratio: feedbackRatio(positives, correctives),
      };
    });
  const positives = n(school?.positives);
  const correctives = n(school?.correctives);
  return {
    ...r,
    target: me.school.pbisTargetRatio,
    school: { positives, correctives, ratio: feedbackRatio(positives, correctives) },
    givers: sortGiverRatios(givers, q.sort, q.order).map(({ name: _name, ...g }) => g),
  };
}
