import { and, eq, isNull, sql } from 'drizzle-orm';

import { msg } from '@app/domain';
import type { Db } from '../../db/client.js';
import { passwordLinks, users } from '../../db/schema.js';

import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';

import { hit } from '../../lib/rate-limit.js';

import { isGuardianSql } from '../../access/guardians.js';

import { hashToken } from '../../lib/tokens.js';
import {
  ASKS_PER_ADDRESS,
  ASKS_PER_EMAIL,
  FORGOT_PASSWORD_FLOOR_MS,
  LINKS_PER_ACCOUNT,
  newLink,
  sleep,
} from './links.js';

/* A guardian's one-time sign-in links by mail (docs/decisions/115-guardians.md). */

/**
 * POST auth/login/email-link: a one-time sign-in link (15 minutes) to every guardian account that
 * uses the address, limited and answered exactly as forgot-password is (docs/decisions/115-guardians.md).
 */
export async function emailSignInLink(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  input: { email: string; address: string },
  compose: (
    who: { firstName: string; language: string | null },
    link: string,
  ) => {
    subject: string;
    text: string;
  },
  onMailError: (err: unknown) => void,
): Promise<void> {
  const started = Date.now();
  const email = input.email.trim().toLowerCase();
  await hit(db, [
    { key: `signin-link:address:${input.address}`, max: ASKS_PER_ADDRESS, windowSeconds: 15 * 60 },
    { key: `signin-link:email:${email}`, max: ASKS_PER_EMAIL, windowSeconds: 15 * 60 },
  ]);
  const accounts = await db
    .select({
      schoolId: users.schoolId,
      id: users.id,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email}`, isGuardianSql(users.roles), isNull(users.leftAt)),
    )
    .limit(5);
  const mails: { to: string; subject: string; text: string }[] = [];
  for (const a of accounts) {
    const allowed = await hit(db, [
      { key: `signin-link:account:${a.id}`, max: LINKS_PER_ACCOUNT, windowSeconds: 60 * 60 },
    ]).then(
      () => true,
      () => false,
    );
    if (!allowed) continue;
    const { token } = await newLink(db, 'signin', a, email, null);
    mails.push({ to: email, ...compose(a, `${baseUrl}/login?link=${token}`) });
  }
  await sleep(Math.max(0, started + FORGOT_PASSWORD_FLOOR_MS - Date.now()));
  for (const m of mails) void mailer.send(m).catch(onMailError);
}

/** POST auth/login/email-link/use: uses a sign-in link once; whom it signs in. */
export async function signInWithLink(
  db: Db,
  token: string,
): Promise<{ schoolId: string; userId: string }> {
  const [link] = await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordLinks.tokenHash, hashToken(token)),
        eq(passwordLinks.kind, 'signin'),
        isNull(passwordLinks.usedAt),
        sql`${passwordLinks.expiresAt} > now()`,
      ),
    )
    .returning();
  if (!link) throw badRequest(msg('msg.linkInvalid'));
  return { schoolId: link.schoolId, userId: link.userId };
}
