import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { can, hasAnyRole, hasRole } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { periodStudents, periods, users } from '../../db/schema.js';
import { subjectOf, type AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';

export const isAdminUser = (u: AuthUser) => can.isAdmin(subjectOf(u));
/** Admins, give-all and (where the school allows) teachers may reach every student of the school. */
export const reachesWholeSchool = (u: AuthUser) => can.giveToAnyone(subjectOf(u));

/** Periods the user teaches or co-teaches. */
export async function taughtPeriodIds(db: Queryable, u: AuthUser): Promise<string[]> {
  const rows = await db
    .select({ id: periods.id })
    .from(periods)
    .where(and(eq(periods.schoolId, u.schoolId), or(eq(periods.teacherId, u.id), sql`${u.externalId} = any(${periods.coTeachers})`)));
  return rows.map((r) => r.id);
}

/** Students in the periods the user teaches or co-teaches. */
export async function taughtStudentIds(db: Queryable, u: AuthUser): Promise<Set<string>> {
  const ids = await taughtPeriodIds(db, u);
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: periodStudents.studentId })
    .from(periodStudents)
    .where(and(eq(periodStudents.schoolId, u.schoolId), inArray(periodStudents.periodId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** A period of the user's school that the user may work with (teacher, co-teacher or whole-school role). */
export async function accessiblePeriod(db: Queryable, u: AuthUser, periodId: string) {
  if (!isUuid(periodId)) throw notFound('Period not found');
  const [p] = await db.select().from(periods).where(and(eq(periods.schoolId, u.schoolId), eq(periods.id, periodId)));
  if (!p) throw notFound('Period not found');
  const teaches = p.teacherId === u.id || p.coTeachers.includes(u.externalId);
  if (!teaches && !isAdminUser(u) && !hasRole(u.roles, 'GIVE_ALL') && !reachesWholeSchool(u)) throw forbidden();
  return p;
}

/**
 * A student of the user's school whom the user may see: the student themself, admins and
 * whole-school roles, or a teacher of one of the student's periods. Unknown or other school → 404.
 */
export async function accessibleStudent(db: Queryable, u: AuthUser, studentId: string) {
  if (!isUuid(studentId)) throw notFound('Student not found');
  const [s] = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, u.schoolId), eq(users.id, studentId), sql`'STUDENT' = any(${users.roles})`));
  if (!s) throw notFound('Student not found');
  if (s.id === u.id) return s;
  if (hasRole(u.roles, 'STUDENT')) throw forbidden();
  if (seesAllStudents(u)) return s;
  if (!(await taughtStudentIds(db, u)).has(s.id)) throw forbidden();
  return s;
}

/** Roles that read any student of their school (reports, admins, give-all, house and store managers). */
export function seesAllStudents(u: AuthUser): boolean {
  return (
    isAdminUser(u) ||
    hasAnyRole(u.roles, ['GIVE_ALL', 'SCHOOLWIDE_REPORTS', 'SCHOOL_STUDENT_REPORTS', 'HOUSE_MANAGER', 'STORE_MANAGER', 'ASSISTANT_STORE_MANAGER'])
  );
}
