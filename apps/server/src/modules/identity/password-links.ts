import { and, eq, isNull, sql } from 'drizzle-orm';

import { msg, type AccountSetupInfoResponse } from '@app/domain';
import type { Db } from '../../db/client.js';
import { credentials, passwordLinks, users } from '../../db/schema.js';

import { badRequest, conflict } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { mailLanguage, mailWords } from '../../lib/mail-words.js';
import { hit } from '../../lib/rate-limit.js';

import { refuseDisabledSchool, refuseLeaver, transactionEndingSessions } from '../auth/service.js';

import { hashPassword, hashToken } from '../../lib/tokens.js';
import {
  ASKS_PER_ADDRESS,
  ASKS_PER_EMAIL,
  FORGOT_PASSWORD_FLOOR_MS,
  type Kind,
  LINKS_PER_ACCOUNT,
  liveLink,
  newLink,
  sleep,
} from './links.js';

export { inviteEveryone, listInvitations, sendInvitation } from './invitations.js';

/* Choosing a password by a link: an invitation's account setup, and a reset asked for by address. */

/** An account-setup link for the user (the shell's setup prints it, not mailed: docs/decisions/075-setup-code.md); its token. */
export const accountSetupLink = async (
  db: Db,
  user: { schoolId: string; id: string },
  email: string,
): Promise<string> => (await newLink(db, 'setup', user, email, null, false)).token;

/** GET auth/account-setup: whose invitation this is, for the page. */
export async function setupInfo(db: Db, token: string): Promise<AccountSetupInfoResponse> {
  const link = await liveLink(db, 'setup', token);
  const [u] = await db
    .select({ firstName: users.firstName, username: credentials.username })
    .from(users)
    .leftJoin(
      credentials,
      and(eq(credentials.schoolId, users.schoolId), eq(credentials.userId, users.id)),
    )
    .where(and(eq(users.schoolId, link.schoolId), eq(users.id, link.userId)))
    .limit(1);
  if (!u) throw badRequest(msg('msg.linkInvalid'));
  return { firstName: u.firstName, needsUsername: !u.username, username: u.username ?? '' };
}

/**
 * Uses a link once and sets the user's password (and sign-in name, when they have none), in one
 * transaction: a refused name leaves the link unused. Every session of the user ends.
 */
async function choosePassword(
  db: Db,
  kind: Kind,
  input: { token: string; password: string; username?: string },
): Promise<{ schoolId: string; userId: string }> {
  await liveLink(db, kind, input.token); // a bad link is refused before the slow hash
  const passwordHash = await hashPassword(input.password);
  return transactionEndingSessions(db, async (tx, endSessions) => {
    const [link] = await tx
      .update(passwordLinks)
      .set({ usedAt: sql`now()`, sealedToken: null })
      .where(
        and(
          eq(passwordLinks.tokenHash, hashToken(input.token)),
          eq(passwordLinks.kind, kind),
          isNull(passwordLinks.usedAt),
          sql`${passwordLinks.expiresAt} > now()`,
        ),
      )
      .returning();
    if (!link) throw badRequest(msg('msg.linkInvalid'));
    await refuseDisabledSchool(tx, link.schoolId); // before anything is written: the link stays unused
    await refuseLeaver(tx, link.schoolId, link.userId); // who left signs in no more, nor sets a password
    const updated = await tx
      .update(credentials)
      .set({ passwordHash })
      .where(and(eq(credentials.schoolId, link.schoolId), eq(credentials.userId, link.userId)))
      .returning({ u: credentials.username });
    if (!updated.length) {
      if (kind === 'reset') throw badRequest(msg('msg.linkInvalid'));
      const username = input.username?.trim().toLowerCase();
      if (!username) throw badRequest(msg('msg.usernameNeeded'));
      const made = await tx
        .insert(credentials)
        .values({ username, schoolId: link.schoolId, userId: link.userId, passwordHash })
        .onConflictDoNothing()
        .returning({ u: credentials.username });
      if (!made.length) throw conflict(msg('msg.usernameTaken'));
    }
    // The user's other links of this kind end; so do their sessions (a reset locks out whoever had the old password).
    await tx
      .update(passwordLinks)
      .set({ usedAt: sql`now()`, sealedToken: null })
      .where(
        and(
          eq(passwordLinks.schoolId, link.schoolId),
          eq(passwordLinks.userId, link.userId),
          isNull(passwordLinks.usedAt),
        ),
      );
    await endSessions({ schoolId: link.schoolId, userIds: [link.userId] });
    return { schoolId: link.schoolId, userId: link.userId };
  });
}

export const completeSetup = (
  db: Db,
  input: { token: string; password: string; username?: string },
) => choosePassword(db, 'setup', input);
export const resetPassword = (db: Db, input: { token: string; password: string }) =>
  choosePassword(db, 'reset', input);

/**
 * POST auth/forgot-password: one answer whoever asks, after the same minimum time. Asks are limited
 * per address and per email address (429 either way, which says nothing about accounts); links per
 * account quietly. A mail goes to every account with a sign-in name that uses the address, sent
 * after the answer so its time is not the answer's.
 */
export async function forgotPassword(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  input: { email: string; address: string },
  onMailError: (err: unknown) => void,
): Promise<void> {
  const started = Date.now();
  const email = input.email.trim().toLowerCase();
  await hit(db, [
    { key: `forgot:address:${input.address}`, max: ASKS_PER_ADDRESS, windowSeconds: 15 * 60 },
    { key: `forgot:email:${email}`, max: ASKS_PER_EMAIL, windowSeconds: 15 * 60 },
  ]);
  const accounts = await db
    .select({
      schoolId: users.schoolId,
      id: users.id,
      firstName: users.firstName,
      language: users.language,
      username: credentials.username,
    })
    .from(users)
    .innerJoin(
      credentials,
      and(eq(credentials.schoolId, users.schoolId), eq(credentials.userId, users.id)),
    )
    // Who left the school gets no link: they sign in no more (docs/decisions/128-leavers-are-archived.md).
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.leftAt)))
    .limit(5);
  // Each in its account's language: one address may hold accounts of people who read different ones.
  const mails: { to: string; subject: string; text: string }[] = [];
  for (const a of accounts) {
    const allowed = await hit(db, [
      { key: `forgot:account:${a.id}`, max: LINKS_PER_ACCOUNT, windowSeconds: 60 * 60 },
    ]).then(
      () => true,
      () => false,
    );
    if (!allowed) continue;
    const { token } = await newLink(db, 'reset', a, email, null);
    mails.push({
      to: email,
      ...mailWords(mailLanguage(a.language), 'mail.reset', {
        firstName: a.firstName,
        username: a.username,
        link: `${baseUrl}/reset-password?token=${token}`,
      }),
    });
  }
  await sleep(Math.max(0, started + FORGOT_PASSWORD_FLOOR_MS - Date.now()));
  for (const m of mails) void mailer.send(m).catch(onMailError);
}

/** Housekeeping for the cleanup job: links and SSO states long past. */
export async function purgeIdentity(db: Db): Promise<void> {
  await db.delete(passwordLinks).where(sql`${passwordLinks.expiresAt} < now() - interval '1 day'`);
  await db.execute(sql`delete from sso_states where expires_at < now() - interval '1 day'`);
}
