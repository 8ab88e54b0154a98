import { and, eq, sql } from 'drizzle-orm';
import {
  mayGrant,
  msg,
  onlyStudent,
  ROLES,
  ROLES_NOT_EDITED,
  rolesCover,
  scopeFor,
  type Role,
} from '@app/domain';
import type { Queryable } from '../db/client.js';
import { users } from '../db/schema.js';
import { subjectOf, type AuthUser } from '../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../lib/errors.js';
import { isUuid } from '../lib/ids.js';
import { isGuardianSql } from './guardians.js';
import { isStudentRow } from './students.js';

/*
 * One rule for every call that acts on another person (docs/decisions/125-acting-on-a-person.md):
 * invite or re-send, a school token, roles, erase, a sign-in card, a password set by staff. The
 * person is of the actor's own school (another school's, or another district's, is not found), and
 * the actor's roles cover every role the person holds (`rolesCover`): a school admin never acts
 * on a super admin, a store manager never on an admin. Checked before anything is written.
 */

export type Person = typeof users.$inferSelect;

/**
 * A member of the school's staff: a user holding a role, none of them STUDENT or GUARDIAN (the
 * people "invite everyone" reaches, docs/decisions/132-invitations-without-mail.md).
 */
export const isStaffRow = sql`(cardinality(${users.roles}) > 0 and not ${isStudentRow} and not ${isGuardianSql(users.roles)})`;

/** Refuses (403, nothing changed) when the person's roles reach beyond the actor's. */
export function checkActOn(actor: AuthUser, person: { roles: readonly string[] }): void {
  if (!rolesCover(actor.roles, person.roles)) throw forbidden(msg('msg.personAbove'));
}

/**
 * The person `actor` is about to act on: 404 when unknown or of another school, 403 when their
 * roles reach beyond the actor's. `forUpdate` locks the row for the caller's transaction.
 */
export async function personToActOn(
  db: Queryable,
  actor: AuthUser,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Person> {
  if (!isUuid(userId)) throw notFound(msg('msg.userNotFound'));
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, userId)));
  const [person] = opts.forUpdate ? await query.for('update') : await query;
  if (!person) throw notFound(msg('msg.userNotFound'));
  checkActOn(actor, person);
  return person;
}

/** Erasing is for students only: anyone holding another role is refused (403), whoever asks. */
export function checkErasable(person: { roles: readonly string[] }): void {
  if (!onlyStudent(person.roles)) throw forbidden(msg('msg.eraseStudentsOnly'));
}

/**
 * Whose roles an actor may set, and to what (PUT settings/users/roles/{id}; the route has checked
 * `settings:users` and personToActOn the person):
 * - the editor never grants or removes SUPER_ADMIN or GUARDIAN (the district's setup and an
 *   invitation give them);
 * - nobody hands out or takes away a role beyond their own (`mayGrant`);
 * - a caller cannot take away their own right to set roles (a school is never locked out by its own admin).
 */
export function checkRoleChange(
  u: AuthUser,
  target: { id: string; roles: readonly string[] },
  wanted: readonly Role[],
): void {
  const changed = ROLES.filter((r) => target.roles.includes(r) !== wanted.includes(r));
  if (changed.some((r) => ROLES_NOT_EDITED.includes(r))) throw forbidden(msg('msg.roleNotEdited'));
  if (changed.some((r) => !mayGrant(subjectOf(u), r))) throw forbidden(msg('msg.roleAbove'));
  if (
    target.id === u.id &&
    scopeFor({ ...subjectOf(u), roles: wanted }, 'settings:users') === 'none'
  )
    throw badRequest(msg('msg.ownAdminRole'));
}
