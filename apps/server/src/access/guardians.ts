import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { guardianStudents } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';

/** A guardian is a user holding the GUARDIAN role: a condition on a `roles` column. */
export const isGuardianSql = (roles: unknown) => sql`'GUARDIAN' = any(${roles})`;

/** The role a guardian account gets (an invitation, the OneRoster import, the demo). */
export const GUARDIAN_ROLES = ['GUARDIAN'];

/** The students the user is the guardian of (docs/decisions/115-guardians.md). */
export async function childIds(db: Queryable, u: Pick<AuthUser, 'id' | 'schoolId'>) {
  const rows = await db
    .select({ id: guardianStudents.studentId })
    .from(guardianStudents)
    .where(and(eq(guardianStudents.schoolId, u.schoolId), eq(guardianStudents.guardianId, u.id)));
  return new Set(rows.map((r) => r.id));
}

/** Whether the user is the guardian of the student. */
export async function isGuardianOf(
  db: Queryable,
  u: Pick<AuthUser, 'id' | 'schoolId'>,
  studentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: guardianStudents.studentId })
    .from(guardianStudents)
    .where(
      and(
        eq(guardianStudents.schoolId, u.schoolId),
        eq(guardianStudents.guardianId, u.id),
        eq(guardianStudents.studentId, studentId),
      ),
    )
    .limit(1);
  return Boolean(row);
}
