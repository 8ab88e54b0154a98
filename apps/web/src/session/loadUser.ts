import { BASIC_MSG } from '@app/domain';
import {
  api,
  isFailure,
  readStored,
  report,
  STORAGE_KEYS,
  writeStored,
  type SessionUser,
} from '../api';

/**
 * The user last seen with the stored sign-in, when the server cannot be reached: the app opens with
 * no network and keeps its gives for later (issue 35). The server still checks every call.
 */
function keptUser(): SessionUser | null {
  try {
    const kept = JSON.parse(readStored(STORAGE_KEYS.sessionUser) ?? 'null') as SessionUser | null;
    return kept && kept._id === readStored(STORAGE_KEYS.userId) ? kept : null;
  } catch {
    return null;
  }
}

/** auth/me, where a user without roles counts as a failed lookup (docs/spec.md section 6). */
export async function loadSessionUser(): Promise<SessionUser> {
  const r = await api.auth.me();
  if (isFailure(r)) {
    // The client's "something went wrong" is what a network failure answers.
    const kept = r.message === BASIC_MSG.someError ? keptUser() : null;
    if (kept) return kept;
    throw new Error(r.message);
  }
  if (!Array.isArray(r.roles) || r.roles.length === 0) {
    report(BASIC_MSG.noRoles, { userId: r._id });
    throw new Error(BASIC_MSG.noRoles);
  }
  writeStored(STORAGE_KEYS.sessionUser, JSON.stringify(r));
  return r;
}
