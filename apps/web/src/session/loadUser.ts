import { BASIC_MSG } from '@app/domain';
import { api, isFailure, report, type SessionUser } from '../api';

/** auth/me, where a user without roles counts as a failed lookup (docs/spec.md section 6). */
export async function loadSessionUser(): Promise<SessionUser> {
  const r = await api.auth.me();
  if (isFailure(r)) throw new Error(r.message);
  if (!Array.isArray(r.roles) || r.roles.length === 0) {
    report(BASIC_MSG.noRoles, { userId: r._id });
    throw new Error(BASIC_MSG.noRoles);
  }
  return r;
}
