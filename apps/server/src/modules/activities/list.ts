import { msg } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { ActivityItem, ActivityListQuery } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedByShape } from '../../db/prepared.js';
import { activities, periods, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { JsonText } from '../../lib/serializer.js';
import { scopeOf } from '../../access/permission.js';
import { periodInScope } from '../../access/periods.js';
import { isUuid } from '../../lib/ids.js';
import { namedStudentId, taughtStudentsSql } from '../../access/students.js';

/** A period's teacher and co-teachers (external ids), as the list statement reads them. */
type PeriodOwners = [teacherId: string, coTeachers: string[]];

/** The filters a list call uses: each combination is one prepared statement, built on first use. */
interface ListShape {
  student: boolean;
  taught: boolean;
  period: boolean;
  category: boolean;
  start: boolean;
  end: boolean;
  before: boolean;
}

/**
 * ONE statement per page: the page's activities by the keyset (date, created_at, id) newest first,
 * with their students' and givers' names, written as the answer's JSON by the database (the rows
 * are neither parsed here nor serialized again). `before` continues after that activity, wherever
 * it now sits, so rows sharing a timestamp are neither skipped nor repeated.
 */
/** The statement's name: the filters it has. */
const nameOf = (shape: ListShape) =>
  ['activities', ...Object.entries(shape).flatMap(([k, on]) => (on ? [k] : []))].join('_');

function buildList(db: Queryable, shape: ListShape, name: string) {
  const ph = sql.placeholder;
  const where = [sql`a.school_id = ${ph('schoolId')}`];
  if (shape.student) where.push(sql`a.student_id = ${ph('studentId')}`);
  // A teacher's periods' students, by a subquery in the same statement (not two queries before it).
  if (shape.taught)
    where.push(
      sql`(a.given_by = ${ph('userId')} or a.student_id in (${taughtStudentsSql({ schoolId: ph('schoolId'), id: ph('userId'), externalId: ph('externalId') })}))`,
    );
  if (shape.period) where.push(sql`a.internal_period_id = ${ph('periodId')}`);
  if (shape.category) where.push(sql`a.category = ${ph('category')}`);
  if (shape.start) where.push(sql`a.date >= ${ph('startDate')}`);
  if (shape.end) where.push(sql`a.date <= ${ph('endDate')}`);
  if (shape.before)
    where.push(
      sql`(a.date, a.created_at, a.id) < (select c.date, c.created_at, c.id from ${activities} c where c.school_id = ${ph('schoolId')} and c.id = ${ph('before')})`,
    );
  // row_to_json writes each row compactly in the order of the answer's schema (json_build_object
  // would add a space on both sides of every colon).
  return db
    .select({
      json: sql<string>`coalesce('[' || string_agg(j.row::text, ',' order by p.date desc, p.created_at desc, p.id desc) || ']', '[]')`,
      // The class filtered by, read in the same statement for its scope check.
      period: shape.period
        ? sql<
            PeriodOwners | string | null
          >`(select json_build_array(pp.teacher_id, pp.co_teachers) from ${periods} pp where pp.school_id = ${ph('schoolId')} and pp.id = ${ph('periodId')})`
        : sql<null>`null`,
    })
    .from(
      sql`(
        select a.*, u.first_name, u.last_name, u.external_id, g.first_name || ' ' || g.last_name as giver
        from ${activities} a
        join ${users} u on u.school_id = a.school_id and u.id = a.student_id
        left join ${users} g on g.school_id = a.school_id and g.id = a.given_by
        where ${sql.join(where, sql` and `)}
        order by a.date desc, a.created_at desc, a.id desc
        limit ${ph('limit')} offset ${ph('offset')}
      ) p
      cross join lateral (select row_to_json(r) as row from (select
        p.id as "_id",
        p.activity_type as "activityType",
        p.activity_type_id as "activityTypeId",
        p.category,
        p.points,
        p.comment,
        p.date,
        p.internal_period_id as "internalPeriodId",
        p.student_id as "studentId",
        (select row_to_json(s) from (select p.first_name as "firstName", p.last_name as "lastName", p.external_id as "externalStudentId") s) as student,
        p.given_by as "givenBy",
        coalesce(p.giver, 'School') as "givenByName",
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        ${ph('changesAll')}::boolean or (${ph('changesOwn')}::boolean and coalesce(p.given_by = ${ph('userId')}, false)) as "canEdit",
        p.behavior_taken_back as "behaviorTakenBack"
      ) r) j`,
    )
    .prepare(name);
}
const preparedList = preparedByShape(nameOf, buildList);

/**
 * Activities the user may read (students:read): a student their own; teachers those of their
 * periods' students and those they gave; whole-school roles every student's. Newest first, a page
 * of `limit` after the activity `before` (the last one shown; docs/decisions/101-reads-in-one-statement.md).
 */
export async function listActivities(
  db: Queryable,
  user: AuthUser,
  f: ActivityListQuery,
): Promise<JsonText<ActivityItem[]>> {
  const scope = scopeOf(user, 'students:read');
  const studentId = await namedStudentId(db, user, 'students:read', f.studentId);
  if (f.internalPeriodId !== undefined && !isUuid(f.internalPeriodId))
    throw notFound(msg('msg.periodNotFound'));
  const shape: ListShape = {
    student: studentId !== undefined,
    taught: studentId === undefined && scope === 'periods',
    period: Boolean(f.internalPeriodId),
    category: Boolean(f.category),
    start: Boolean(f.startDate),
    end: Boolean(f.endDate),
    before: Boolean(f.before),
  };
  const [row] = await preparedList(db, shape).execute({
    schoolId: user.schoolId,
    studentId,
    userId: user.id,
    externalId: user.externalId,
    periodId: f.internalPeriodId,
    category: f.category,
    startDate: f.startDate,
    endDate: f.endDate,
    before: f.before,
    limit: f.limit,
    offset: f.offset,
    changesAll: scopeOf(user, 'activity:change') === 'school',
    changesOwn: scopeOf(user, 'activity:change') !== 'none',
  });
  if (shape.period) {
    // Whole-school readers filter by any period of their school; the others only by classes they may view.
    const found = typeof row?.period === 'string' ? JSON.parse(row.period) : row?.period;
    if (!found) throw notFound(msg('msg.periodNotFound'));
    const [teacherId, coTeachers] = found as PeriodOwners;
    if (scope === 'periods' && !periodInScope(user, 'class:view', { teacherId, coTeachers }))
      throw forbidden(msg('msg.otherTeachersClass'));
  }
  const json = row?.json ?? '[]';
  // An empty page after a cursor: the end of the list, or a cursor that names no activity.
  if (f.before && json === '[]' && !(await activityOfSchool(db, user.schoolId, f.before)))
    throw badRequest(msg('msg.beforeUnknown'));
  return new JsonText(json);
}

async function activityOfSchool(db: Queryable, schoolId: string, id: string): Promise<boolean> {
  const [a] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.schoolId, schoolId), eq(activities.id, id)));
  return Boolean(a);
}
