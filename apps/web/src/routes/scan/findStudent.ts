import { api, isFailure } from '../../api';
import { rememberStudent, recallBadge } from '../../offline/badge-directory';
import { fromServer } from '../../offline/reached';

/** A badge's student as a give needs them, or why there is none. */
export type Found =
  | { externalId: string; name: string }
  | { problem: 'unknownOffline' }
  | { problem: 'refused'; message: string };

/**
 * The student a badge names (issue 35): the server's answer when it can be reached (kept for later),
 * else this device's list of the giver's classes' badges as last seen online.
 */
export async function findStudent(userId: string, code: string): Promise<Found> {
  if (navigator.onLine) {
    const r = await api.students.byBadge({ params: { code } });
    if (!isFailure(r)) {
      void rememberStudent(userId, code, r).catch(() => undefined);
      return { externalId: r.externalId, name: r.name };
    }
    if (fromServer(r.message)) return { problem: 'refused', message: r.message };
  }
  const known = await recallBadge(userId, code).catch(() => null);
  return known ? { externalId: known.externalId, name: known.name } : { problem: 'unknownOffline' };
}
