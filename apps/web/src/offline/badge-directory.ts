import { get, update } from 'idb-keyval';
import { normalizeBadgeCode, type Badge, type BadgeStudent } from '@app/domain';
import { givesStore } from './gives-db';

/*
 * The badge codes of the giver's classes as last seen online (issue 35), so that a badge read with
 * no network still names its student (and the roster id a give needs). Kept per giver.
 */

export interface KnownBadge {
  studentId: string;
  /** The roster id a give names the student by (`externalStudentIds`). */
  externalId: string;
  name: string;
}

type Directory = Record<string, KnownBadge>;
const keyOf = (userId: string) => `badges:${userId}`;

/** Adds badges (a class's, printed or looked up) to the giver's directory. */
export async function rememberBadges(userId: string, badges: Badge[]): Promise<void> {
  await update<Directory>(
    keyOf(userId),
    (old) => {
      const next = { ...old };
      for (const b of badges) {
        const code = normalizeBadgeCode(b.code);
        if (code) next[code] = { studentId: b.studentId, externalId: b.externalId, name: b.name };
      }
      return next;
    },
    givesStore(),
  );
}

/** Adds one student looked up online by their badge. */
export const rememberStudent = (userId: string, code: string, s: BadgeStudent) =>
  rememberBadges(userId, [{ studentId: s.id, externalId: s.externalId, name: s.name, code }]);

/** The student a badge names, as last seen online, or null. `code` is in its stored form. */
export async function recallBadge(userId: string, code: string): Promise<KnownBadge | null> {
  return (await get<Directory>(keyOf(userId), givesStore()))?.[code] ?? null;
}
