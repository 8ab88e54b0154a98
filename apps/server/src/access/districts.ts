import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { msg, type Role } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { schools } from '../db/schema.js';
import type { AuthUser, SchoolRow } from '../lib/auth-context.js';
import { conflict, notFound } from '../lib/errors.js';
import { holdsAnyOf } from './permission.js';

/*
 * District actions are granted at scope 'school' in the permission table; this object rule narrows
 * them to the actor's district: the district of the school they sign in at
 * (docs/decisions/074-districts-and-their-owners.md).
 */

/** The district the user acts in. */
export const districtOf = (u: Pick<AuthUser, 'school'>): string => u.school.districtId;

/** The school if it belongs to the user's district; 404 otherwise (a school of another district is not told apart from none). */
export async function districtSchool(
  db: Queryable,
  u: Pick<AuthUser, 'school'>,
  schoolId: string,
): Promise<SchoolRow> {
  const [s] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.districtId, districtOf(u))))
    .limit(1);
  if (!s) throw notFound(msg('msg.schoolNotFound'));
  return s;
}

/** The roles of the district's owner made at the first start: the role the table grants the district actions. */
export const DISTRICT_OWNER_ROLES: Role[] = ['SUPER_ADMIN'];
/** The roles of a school's first admin, invited from the district console. */
export const FIRST_ADMIN_ROLES: Role[] = ['SCHOOL_ADMIN'];
/** A condition on a `roles` column: the user is a student (the counts call everyone else with a role staff). */
export const isStudentSql = (roles: SQLWrapper): SQL => holdsAnyOf(roles, ['STUDENT']);

/** A district owner cannot disable the school they sign in at (they would lock themselves out). */
export function checkNotOwnSchool(u: Pick<AuthUser, 'schoolId'>, schoolId: string): void {
  if (u.schoolId === schoolId) throw conflict(msg('msg.ownSchool'));
}
