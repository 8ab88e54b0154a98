import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ROLES, scopeFor, type Action, type Role, type Scope } from '@app/domain';
import { subjectOf, type AuthUser } from '../lib/auth-context.js';
import { forbidden } from '../lib/errors.js';
import { pgArray } from '../lib/pg-array.js';

export type Granted = Exclude<Scope, 'none'>;

/** The user's scope for an action, from the one permission table in packages/domain. */
export const scopeOf = (u: AuthUser, action: Action): Scope => scopeFor(subjectOf(u), action);

export const mayDo = (u: AuthUser, action: Action): boolean => scopeOf(u, action) !== 'none';

/** The user's scope for the action, or 403 when they have none. */
export function requireScope(u: AuthUser, action: Action): Granted {
  const scope = scopeOf(u, action);
  if (scope === 'none') throw forbidden();
  return scope;
}

/**
 * The roles whose members in the user's school the table lets do the action (a member at their
 * widest: one who teaches a class), e.g. who may give points. Read from the table for the school's
 * settings, so a role the table adds is counted without a change here.
 */
export function rolesThatMay(u: AuthUser, action: Action): Role[] {
  const school = subjectOf(u).school;
  return ROLES.filter(
    (role) =>
      scopeFor({ roles: [role], gradeLevel: null, periodCount: 1, school }, action) !== 'none',
  );
}

/** A condition on a `roles` column (`users.roles`, or `sql\`u.roles\``): the user holds one of these roles. */
export const holdsAnyOf = (roles: SQLWrapper, wanted: readonly Role[]): SQL =>
  sql`${roles} && ${pgArray(wanted, 'text')}`;
