import type { Db } from '../../src/db/client.js';
import { writeActivities, type ActivityTypeRow } from '../../src/ledger/write.js';
import { createSession, findSession } from '../../src/modules/auth/service.js';
import type { SchoolRow, UserRow } from './factories.js';

/* Helpers of the PBIS tests (issue 34), which call the services directly. */

/** A fresh session's user, as the auth hook loads it (each call a new session: no cached school). */
export async function sessionUser(db: Db, u: { id: string; schoolId: string }) {
  const { token } = await createSession(db, u.schoolId, u.id, 1);
  return (await findSession(db, token))!;
}

/** One give of a type to students on a day, by a person (or, null, by nobody: the daily run's). */
export async function giveAs(
  db: Db,
  school: SchoolRow,
  by: UserRow | null,
  type: ActivityTypeRow,
  students: UserRow[],
  date: string,
) {
  await db.transaction((tx) =>
    writeActivities(
      tx,
      school.id,
      students.map((x) => ({
        studentId: x.id,
        type,
        points: type.category === 'Flags' ? -3 : type.points,
      })),
      { date, comment: '', periodId: null, groupId: null, givenBy: by?.id ?? null },
    ),
  );
}
