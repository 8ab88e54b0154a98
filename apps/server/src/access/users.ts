import { ROLES, scopeFor, type Action, type Role } from '@app/domain';
import { subjectOf, type AuthUser } from '../lib/auth-context.js';
import { badRequest, forbidden } from '../lib/errors.js';

/** Whether a role alone lets its holder do the action in the user's school (at their widest: teaching a class). */
const roleMay = (u: AuthUser, role: Role, action: Action) =>
  scopeFor({ ...subjectOf(u), roles: [role], periodCount: 1 }, action) !== 'none';

/**
 * Whose roles an actor may set, and to what (PUT settings/users/roles/{id}; the route has checked
 * `settings:users`):
 * - a role whose rights reach past the school (it may write the global configuration, like
 *   SUPER_ADMIN) is granted or taken away only by a caller who holds that right;
 * - a caller cannot take away their own right to set roles (a school is never locked out by its own admin).
 */
export function checkRoleChange(
  u: AuthUser,
  target: { id: string; roles: readonly string[] },
  wanted: readonly Role[],
): void {
  const changed = ROLES.filter((r) => target.roles.includes(r) !== wanted.includes(r));
  const global = changed.some((r) => roleMay(u, r, 'configuration:writeGlobal'));
  if (global && scopeFor(subjectOf(u), 'configuration:writeGlobal') === 'none')
    throw forbidden('Only a super admin can grant or remove the SUPER_ADMIN role.');
  if (
    target.id === u.id &&
    scopeFor({ ...subjectOf(u), roles: wanted }, 'settings:users') === 'none'
  )
    throw badRequest('roles: you cannot remove your own admin role');
}
