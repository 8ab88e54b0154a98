import { scopeFor, type Action, type Scope } from '@app/domain';
import { subjectOf, type AuthUser } from '../lib/auth-context.js';
import { forbidden } from '../lib/errors.js';

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

/** Admins' flags take the admin amount (docs/decisions/008-flag-points.md: flag points by the giver's kind). */
export const isAdminUser = (u: AuthUser): boolean => mayDo(u, 'activity:adminFlagPoints');
