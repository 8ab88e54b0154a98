import { randomUUID } from 'node:crypto';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  confirmsErasure,
  type EraseBody,
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  type Erasure,
  msg,
} from '@app/domain';
import { studentFor } from '../../access/students.js';
import { checkErasable, personToActOn } from '../../access/users.js';
import type { Db, Tx } from '../../db/client.js';
import {
  activities,
  activityAudit,
  carts,
  notifications,
  savingGoals,
  contactMessages,
  credentials,
  dataExports,
  guardianStudents,
  idempotencyKeys,
  passwordLinks,
  rateLimits,
  rosterUsers,
  schools,
  schoolTokens,
  sessions,
  signInCards,
  signInDevices,
  studentBadges,
  studentDemographics,
  userErasures,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { forgetSessions } from '../auth/service.js';

/**
 * POST settings/users/{id}/erase: in one transaction the student's name, external id (the SSO
 * and roster match), e-mail and every way to sign in go, with the comments written about them and
 * their messages to support; the ledger (activities, orders, wallet, rollups), classes, grade and
 * house stay under the same id, so every total and report adds up
 * (docs/decisions/093-erasing-a-student.md). The audit trail keeps who erased whom.
 */
export async function eraseStudent(
  db: Db,
  u: AuthUser,
  studentId: string,
  body: EraseBody,
): Promise<Erasure> {
  const answer = await db.transaction(async (tx) => {
    checkErasable(await personToActOn(tx, u, studentId, { forUpdate: true }));
    const found = await studentFor(tx, u, 'students:erase', studentId);
    const [s] = await tx
      .select()
      .from(users)
      .where(and(eq(users.schoolId, u.schoolId), eq(users.id, found.id)))
      .for('update');
    const [done] = await tx
      .select()
      .from(userErasures)
      .where(and(eq(userErasures.schoolId, u.schoolId), eq(userErasures.userId, s!.id)));
    if (done) throw conflict(msg('msg.alreadyErased'));
    if (!confirmsErasure(body.confirm, s!.firstName, s!.lastName))
      throw badRequest(msg('msg.confirmFullName'));
    const mine = <T extends { schoolId: AnyPgColumn; userId: AnyPgColumn }>(t: T) =>
      and(eq(t.schoolId, u.schoolId), eq(t.userId, s!.id));
    await tx
      .update(users)
      .set({
        firstName: ERASED_FIRST_NAME,
        lastName: ERASED_LAST_NAME,
        externalId: `erased-${randomUUID()}`,
        email: null,
        powerActions: [],
      })
      .where(and(eq(users.schoolId, u.schoolId), eq(users.id, s!.id)));
    const names = await tx
      .delete(credentials)
      .where(mine(credentials))
      .returning({ username: credentials.username });
    await tx.delete(sessions).where(mine(sessions));
    await tx.delete(signInDevices).where(mine(signInDevices));
    await tx
      .delete(signInCards)
      .where(and(eq(signInCards.schoolId, u.schoolId), eq(signInCards.studentId, s!.id)));
    // Their badge names no one any more (issue 35).
    await tx
      .delete(studentBadges)
      .where(and(eq(studentBadges.schoolId, u.schoolId), eq(studentBadges.studentId, s!.id)));
    await tx.delete(schoolTokens).where(mine(schoolTokens));
    await tx.delete(passwordLinks).where(mine(passwordLinks));
    await tx.delete(rosterUsers).where(mine(rosterUsers));
    await tx.delete(contactMessages).where(mine(contactMessages));
    await tx.delete(carts).where(and(eq(carts.schoolId, u.schoolId), eq(carts.studentId, s!.id)));
    await tx
      .delete(savingGoals)
      .where(and(eq(savingGoals.schoolId, u.schoolId), eq(savingGoals.studentId, s!.id)));
    await tx
      .delete(notifications)
      .where(and(eq(notifications.schoolId, u.schoolId), eq(notifications.studentId, s!.id)));
    // Their demographics are about them and no total needs them (issue 34).
    await tx
      .delete(studentDemographics)
      .where(
        and(eq(studentDemographics.schoolId, u.schoolId), eq(studentDemographics.studentId, s!.id)),
      );
    // Their guardians see them no more (docs/decisions/115-guardians.md).
    await tx
      .delete(guardianStudents)
      .where(and(eq(guardianStudents.schoolId, u.schoolId), eq(guardianStudents.studentId, s!.id)));
    // Comments may name the student; the points, dates and givers stay.
    const theirs = and(eq(activities.schoolId, u.schoolId), eq(activities.studentId, s!.id));
    await tx.update(activities).set({ comment: '' }).where(theirs);
    await tx
      .update(activityAudit)
      .set({
        before: sql`${activityAudit.before} - 'comment'`,
        after: sql`${activityAudit.after} - 'comment'`,
      })
      .where(
        and(
          eq(activityAudit.schoolId, u.schoolId),
          inArray(
            activityAudit.activityId,
            tx.select({ id: activities.id }).from(activities).where(theirs),
          ),
        ),
      );
    await forgetCopies(
      tx,
      u.schoolId,
      s!.id,
      s!.email,
      names.map((n) => n.username),
    );
    const [row] = await tx
      .insert(userErasures)
      .values({ schoolId: u.schoolId, userId: s!.id, erasedBy: u.id })
      .returning();
    return { userId: s!.id, erasedAt: row!.at.toISOString() };
  });
  forgetSessions(db); // other servers hear the sessions' deletion (NOTIFY)
  return answer;
}

/**
 * The copies of an erased student's name kept beside their rows (issue 31, L1), gone in the
 * erasure's transaction: every export of their school (and of its district) made before it, whose
 * zip names them for its 24 hours; the kept answers of idempotent calls that are theirs or name
 * their id; the sign-in and sign-in-link limits keyed by their user names and e-mail address.
 */
async function forgetCopies(
  tx: Tx,
  schoolId: string,
  studentId: string,
  email: string | null,
  usernames: string[],
): Promise<void> {
  await tx
    .delete(dataExports)
    .where(
      or(
        eq(dataExports.schoolId, schoolId),
        and(
          eq(dataExports.scope, 'district'),
          eq(
            dataExports.districtId,
            sql`(select ${schools.districtId} from ${schools} where ${schools.id} = ${schoolId})`,
          ),
        ),
      ),
    );
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.schoolId, schoolId),
        or(
          eq(idempotencyKeys.userId, studentId),
          sql`strpos(${idempotencyKeys.response}::text, ${studentId}) > 0`,
        ),
      ),
    );
  // The keys of lib/sign-in-limits.ts and identity/password-links.ts and email-links.ts that name the student.
  const exact = usernames.map((n) => `login:user:${n}`);
  const prefixes = usernames.flatMap((n) => [
    `login:user-address:${n} `,
    `login:address-share:${n} `,
  ]);
  if (email) {
    const e = email.trim().toLowerCase();
    exact.push(`forgot:email:${e}`, `signin-link:email:${e}`);
  }
  if (!exact.length) return;
  await tx
    .delete(rateLimits)
    .where(
      or(
        inArray(rateLimits.key, exact),
        ...prefixes.map((p) => sql`left(${rateLimits.key}, ${p.length}) = ${p}`),
      ),
    );
}
