import { and, eq } from 'drizzle-orm';
import { msg, onlyStudent } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { userErasures } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { studentFor } from './students.js';
import { personToActOn, type Person } from './users.js';

/** The action of every call that gives a student a way to sign in (docs/decisions/133-sign-in-cards.md). */
export const SIGN_IN_ACTION = 'students:signIn';

/**
 * The student `actor` may give a way to sign in (a card, a password) or take one back, in this order:
 * another school's person or an unknown id is 404; someone whose roles reach beyond the actor's is
 * 403 (docs/decisions/125-acting-on-a-person.md); anyone holding a staff role is 403 (cards and
 * passwords set by staff are for students only); a student out of the actor's reach is 403 (a
 * teacher reaches their classes' students). `current` also refuses (400) a student who left the
 * school or was erased: they sign in no more. `forUpdate` locks the person's row.
 */
export async function studentToSignIn(
  db: Queryable,
  actor: AuthUser,
  studentId: string,
  opts: { current?: boolean; forUpdate?: boolean } = {},
): Promise<Person> {
  const person = await personToActOn(db, actor, studentId, { forUpdate: opts.forUpdate });
  if (!onlyStudent(person.roles)) throw forbidden(msg('msg.signInForStudentsOnly'));
  await studentFor(db, actor, SIGN_IN_ACTION, person.id);
  if (opts.current) {
    if (person.leftAt) throw badRequest(msg('msg.studentLeftSchool'));
    if (await erased(db, person)) throw badRequest(msg('msg.alreadyErased'));
  }
  return person;
}

/** Whether the person was erased (docs/decisions/093-erasing-a-student.md). */
async function erased(db: Queryable, p: { schoolId: string; id: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: userErasures.id })
    .from(userErasures)
    .where(and(eq(userErasures.schoolId, p.schoolId), eq(userErasures.userId, p.id)))
    .limit(1);
  return Boolean(row);
}
