import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityItem, ActivityListQuery } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { activities, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { presentUpdated } from './edit.js';
import { scopeOf } from '../../access/permission.js';
import { periodFor, periodOfSchool } from '../../access/periods.js';
import { namedStudentId, taughtStudentsSql } from '../../access/students.js';

/** Who gave an activity: joined once (a per-row subquery scanned users for each of up to 1,000 rows). */
const givers = alias(users, 'giver');
const giver = sql<
  string | null
>`coalesce(${givers.firstName} || ' ' || ${givers.lastName}, 'School')`;

/** The filters a list call uses: each combination is one prepared statement, built on first use. */
interface ListShape {
  student: boolean;
  taught: boolean;
  period: boolean;
  category: boolean;
  start: boolean;
  end: boolean;
}

function listQuery(db: Queryable, shape: ListShape) {
  const ph = sql.placeholder;
  const where: (SQL | undefined)[] = [eq(activities.schoolId, ph('schoolId'))];
  if (shape.student) where.push(eq(activities.studentId, ph('studentId')));
  // A teacher's periods' students, by a subquery in the same statement (not two queries before it).
  if (shape.taught)
    where.push(
      or(
        eq(activities.givenBy, ph('userId')),
        sql`${activities.studentId} in (${taughtStudentsSql({ schoolId: ph('schoolId'), id: ph('userId'), externalId: ph('externalId') })})`,
      ),
    );
  if (shape.period) where.push(eq(activities.internalPeriodId, ph('periodId')));
  if (shape.category) where.push(eq(activities.category, ph('category')));
  if (shape.start) where.push(gte(activities.date, ph('startDate')));
  if (shape.end) where.push(lte(activities.date, ph('endDate')));
  const name = ['activities', ...Object.entries(shape).flatMap(([k, on]) => (on ? [k] : []))].join(
    '_',
  );
  return db
    .select({
      a: activities,
      firstName: users.firstName,
      lastName: users.lastName,
      externalId: users.externalId,
      givenByName: giver,
    })
    .from(activities)
    .innerJoin(
      users,
      and(eq(users.schoolId, activities.schoolId), eq(users.id, activities.studentId)),
    )
    .leftJoin(
      givers,
      and(eq(givers.schoolId, activities.schoolId), eq(givers.id, activities.givenBy)),
    )
    .where(and(...where))
    .orderBy(desc(activities.date), desc(activities.createdAt), desc(activities.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare(name);
}
const listQueries = new Map<string, (db: Queryable) => ReturnType<typeof listQuery>>();
function preparedList(db: Queryable, shape: ListShape) {
  const key = Object.values(shape).map(Number).join('');
  let get = listQueries.get(key);
  if (!get) listQueries.set(key, (get = preparedFor((d) => listQuery(d, shape))));
  return get(db);
}

/**
 * Activities the user may read (students:read): a student their own; teachers those of their
 * periods' students and those they gave; whole-school roles every student's. Newest first.
 */
export async function listActivities(
  db: Queryable,
  user: AuthUser,
  f: ActivityListQuery,
): Promise<ActivityItem[]> {
  const scope = scopeOf(user, 'students:read');
  const studentId = await namedStudentId(db, user, 'students:read', f.studentId);
  if (f.internalPeriodId) {
    // Whole-school readers filter by any period of their school; the others only by classes they may view.
    if (scope === 'periods') await periodFor(db, user, 'class:view', f.internalPeriodId);
    else if (!(await periodOfSchool(db, user, f.internalPeriodId)))
      throw notFound('Period not found');
  }
  const shape: ListShape = {
    student: studentId !== undefined,
    taught: studentId === undefined && scope === 'periods',
    period: Boolean(f.internalPeriodId),
    category: Boolean(f.category),
    start: Boolean(f.startDate),
    end: Boolean(f.endDate),
  };
  const rows = await preparedList(db, shape).execute({
    schoolId: user.schoolId,
    studentId,
    userId: user.id,
    externalId: user.externalId,
    periodId: f.internalPeriodId,
    category: f.category,
    startDate: f.startDate,
    endDate: f.endDate,
    limit: f.limit,
    offset: f.offset,
  });
  const changesAll = scopeOf(user, 'activity:change') === 'school';
  const changesOwn = scopeOf(user, 'activity:change') !== 'none';
  return rows.map(({ a, firstName, lastName, externalId, givenByName }) => ({
    ...presentUpdated(a),
    internalPeriodId: a.internalPeriodId,
    studentId: a.studentId,
    student: { firstName, lastName, externalStudentId: externalId },
    givenBy: a.givenBy,
    givenByName: (givenByName as string | null) ?? 'School',
    createdAt: a.createdAt.toISOString(),
    canEdit: changesAll || (changesOwn && a.givenBy === user.id),
    behaviorTakenBack: a.behaviorTakenBack,
  }));
}
