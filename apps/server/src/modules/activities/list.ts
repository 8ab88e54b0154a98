import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { hasRole, type ActivityItem, type ActivityListQuery } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { activities, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { presentUpdated } from './edit.js';
import { accessiblePeriod, accessibleStudent, isAdminUser, seesAllStudents, taughtStudentIds } from './access.js';

const giver = sql`(select coalesce(g.first_name || ' ' || g.last_name, 'School') from users g where g.school_id = ${activities.schoolId} and g.id = ${activities.givenBy})`;

/**
 * Activities the user may read: students their own; teachers those of their periods' students and
 * those they gave; whole-school roles every student's. Newest first.
 */
export async function listActivities(db: Queryable, user: AuthUser, f: ActivityListQuery): Promise<ActivityItem[]> {
  const where: (SQL | undefined)[] = [eq(activities.schoolId, user.schoolId)];
  if (hasRole(user.roles, 'STUDENT')) where.push(eq(activities.studentId, user.id));
  else if (f.studentId) where.push(eq(activities.studentId, (await accessibleStudent(db, user, f.studentId)).id));
  else if (!seesAllStudents(user)) {
    const mine = [...(await taughtStudentIds(db, user))];
    where.push(or(eq(activities.givenBy, user.id), mine.length ? inArray(activities.studentId, mine) : undefined));
  }
  if (f.internalPeriodId) {
    if (!isUuid(f.internalPeriodId)) throw notFound('Period not found');
    if (!hasRole(user.roles, 'STUDENT')) await accessiblePeriod(db, user, f.internalPeriodId);
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
  const admin = isAdminUser(user);
  return rows.map(({ a, firstName, lastName, externalId, givenByName }) => ({
    ...presentUpdated(a),
    internalPeriodId: a.internalPeriodId,
    studentId: a.studentId,
    student: { firstName, lastName, externalStudentId: externalId },
    givenBy: a.givenBy,
    givenByName: (givenByName as string | null) ?? 'School',
    createdAt: a.createdAt.toISOString(),
    canEdit: !hasRole(user.roles, 'STUDENT') && (admin || a.givenBy === user.id),
  }));
}
