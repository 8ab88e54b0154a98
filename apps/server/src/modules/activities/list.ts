import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityItem, ActivityListQuery } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { activities, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { presentUpdated } from './edit.js';
import { scopeOf } from '../../access/permission.js';
import { periodFor, periodOfSchool } from '../../access/periods.js';
import { studentFor, studentsInScope } from '../../access/students.js';

const giver = sql`(select coalesce(g.first_name || ' ' || g.last_name, 'School') from users g where g.school_id = ${activities.schoolId} and g.id = ${activities.givenBy})`;

/**
 * Activities the user may read (students:read): a student their own; teachers those of their
 * periods' students and those they gave; whole-school roles every student's. Newest first.
 */
export async function listActivities(db: Queryable, user: AuthUser, f: ActivityListQuery): Promise<ActivityItem[]> {
  const where: (SQL | undefined)[] = [eq(activities.schoolId, user.schoolId)];
  const scope = scopeOf(user, 'students:read');
  if (scope === 'own') where.push(eq(activities.studentId, user.id));
  else if (f.studentId) where.push(eq(activities.studentId, (await studentFor(db, user, 'students:read', f.studentId)).id));
  else if (scope === 'periods') {
    const mine = await studentsInScope(db, user, 'students:read');
    const ids = mine === 'school' ? [] : [...mine];
    where.push(or(eq(activities.givenBy, user.id), ids.length ? inArray(activities.studentId, ids) : undefined));
  }
  if (f.internalPeriodId) {
    // Whole-school readers filter by any period of their school; the others only by classes they may view.
    if (scope === 'periods') await periodFor(db, user, 'class:view', f.internalPeriodId);
    else if (!(await periodOfSchool(db, user, f.internalPeriodId))) throw notFound('Period not found');
    where.push(eq(activities.internalPeriodId, f.internalPeriodId));
  }
  if (f.category) where.push(eq(activities.category, f.category));
  if (f.startDate) where.push(gte(activities.date, f.startDate));
  if (f.endDate) where.push(lte(activities.date, f.endDate));

  const rows = await db
    .select({
      a: activities,
      firstName: users.firstName,
      lastName: users.lastName,
      externalId: users.externalId,
      givenByName: giver,
    })
    .from(activities)
    .innerJoin(users, and(eq(users.schoolId, activities.schoolId), eq(users.id, activities.studentId)))
    .where(and(...where))
    .orderBy(desc(activities.date), desc(activities.createdAt), desc(activities.id))
    .limit(f.limit)
    .offset(f.offset);
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
