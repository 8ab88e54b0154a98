import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { schools } from '../db/schema.js';
import type { AuthUser, SchoolRow } from '../lib/auth-context.js';
import { notFound } from '../lib/errors.js';

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
  if (!s) throw notFound('School not found');
  return s;
}
