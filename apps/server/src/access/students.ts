import { msg } from '@app/domain';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Action } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { periodStudents, users } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { forbidden, notFound } from '../lib/errors.js';
import { isUuid } from '../lib/ids.js';
import { childIds, isGuardianOf } from './guardians.js';
import { requireScope } from './permission.js';
import { taughtPeriodIds, taughtPeriodsSql, type Teacher } from './periods.js';

/** A student is a user holding the STUDENT role: a condition on a `roles` column (`sql\`u.roles\`` in raw SQL). */
export const isStudentSql = (roles: SQLWrapper) => sql`'STUDENT' = any(${roles})`;
/** The same condition on `users` rows. */
export const isStudentRow = isStudentSql(users.roles);

/**
 * Who left the school (the top grade when a year opens, a student a roster import no longer
 * names) is archived: in no current list or count, still in the reports of the years they were in
 * (docs/decisions/128-leavers-are-archived.md). A condition on a `left_at` column (`sql\`u.left_at\``).
 */
const hasNotLeftSql = (leftAt: SQLWrapper) => sql`${leftAt} is null`;
/** A student of the school today: holds STUDENT and has not left. */
export const isCurrentStudentSql = (alias: string) =>
  sql`(${isStudentSql(sql.raw(`${alias}.roles`))} and ${hasNotLeftSql(sql.raw(`${alias}.left_at`))})`;
/** The same condition on `users` rows. */
export const isCurrentStudentRow = sql`(${isStudentRow} and ${hasNotLeftSql(users.leftAt)})`;

/** Students in the periods the user teaches or co-teaches. */
async function taughtStudentIds(db: Queryable, u: AuthUser): Promise<Set<string>> {
  const ids = await taughtPeriodIds(db, u);
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: periodStudents.studentId })
    .from(periodStudents)
    .where(and(eq(periodStudents.schoolId, u.schoolId), inArray(periodStudents.periodId, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The students in the periods the user teaches or co-teaches, as a subquery
 * (`student_id in (…)`): taughtStudentIds in the caller's statement instead of two queries before it.
 */
export const taughtStudentsSql = (u: Teacher) =>
  sql`select ${periodStudents.studentId} from ${periodStudents} where ${periodStudents.schoolId} = ${u.schoolId} and ${periodStudents.periodId} in (${taughtPeriodsSql(u)})`;

/** The students an action reaches: 'school' for all of the user's school, else a set of ids. */
export async function studentsInScope(
  db: Queryable,
  u: AuthUser,
  action: Action,
): Promise<Set<string> | 'school'> {
  const scope = requireScope(u, action);
  if (scope === 'school') return 'school';
  if (scope === 'periods') return taughtStudentIds(db, u);
  if (scope === 'children') return childIds(db, u);
  return new Set([u.id]);
}

/** A student of the user's school that the action may reach; unknown or another school's → 404, outside the scope → 403. */
export async function studentFor(db: Queryable, u: AuthUser, action: Action, studentId: string) {
  if (!isUuid(studentId)) throw notFound(msg('msg.studentNotFound'));
  const scope = requireScope(u, action);
  const [s] = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, u.schoolId), eq(users.id, studentId), isStudentRow));
  if (!s) throw notFound(msg('msg.studentNotFound'));
  if (scope === 'school' || s.id === u.id) return s;
  // A guardian reaches their own children only (docs/decisions/115-guardians.md).
  if (scope === 'children') {
    if (await isGuardianOf(db, u, s.id)) return s;
    throw forbidden(msg('msg.notYourChild'));
  }
  if (scope === 'own' || !(await taughtStudentIds(db, u)).has(s.id))
    throw forbidden(msg('msg.notYourStudent'));
  return s;
}

/**
 * The student a call about one student is about, from its `studentId` (a query or body field):
 * the caller themselves when their scope is 'own' (a student) and they name no one or themselves;
 * otherwise the student named, through studentFor, so that a student naming another student is
 * refused (403) like a teacher naming a student outside their classes, never answered with their
 * own figures instead. Undefined when a caller with a wider scope names no one.
 */
export async function namedStudentId(
  db: Queryable,
  u: AuthUser,
  action: Action,
  studentId: string | undefined,
): Promise<string | undefined> {
  const scope = requireScope(u, action);
  if (scope === 'own' && (!studentId || studentId === u.id)) return u.id;
  // A guardian always names the child: without one a call would read the whole school's.
  if (scope === 'children' && !studentId) throw forbidden(msg('msg.nameYourChild'));
  if (!studentId) return undefined;
  return (await studentFor(db, u, action, studentId)).id;
}
