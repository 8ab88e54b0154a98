import { and, eq, isNull, sql } from 'drizzle-orm';

import { INVITATION_DAYS, msg, RESET_LINK_MINUTES, SIGN_IN_LINK_MINUTES } from '@app/domain';
import type { Db } from '../../db/client.js';
import { passwordLinks } from '../../db/schema.js';

import { badRequest } from '../../lib/errors.js';

import { hashToken, newToken } from '../../lib/tokens.js';

/*
 * Links to choose a password (docs/decisions/050-invitations-and-account-setup.md and docs/decisions/051-forgot-and-reset-password.md): an invitation a school admin
 * sends (account setup, 7 days) and a reset anyone may ask for by address (1 hour). Each is a random
 * token in the link, stored hashed, used once. This file makes and finds them; invitations.ts,
 * password-links.ts and email-links.ts use them.
 */

export type Kind = 'setup' | 'reset' | 'signin';

/** A forgot-password answer takes at least this long, whether or not a mail goes out. */
export const FORGOT_PASSWORD_FLOOR_MS = 300;
/** Forgot-password asks per address (IP) and per email address, per 15 minutes; links per account per hour. */
export const ASKS_PER_ADDRESS = 20;
export const ASKS_PER_EMAIL = 5;
export const LINKS_PER_ACCOUNT = 3;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function newLink(
  db: Db,
  kind: Kind,
  user: { schoolId: string; id: string },
  email: string,
  by: string | null,
  mailed = true,
) {
  const token = newToken();
  const expires =
    kind === 'setup'
      ? sql`now() + make_interval(days => ${INVITATION_DAYS})`
      : sql`now() + make_interval(mins => ${kind === 'reset' ? RESET_LINK_MINUTES : SIGN_IN_LINK_MINUTES})`;
  const [row] = await db
    .insert(passwordLinks)
    .values({
      tokenHash: hashToken(token),
      kind,
      schoolId: user.schoolId,
      userId: user.id,
      email,
      createdBy: by,
      expiresAt: expires,
      mailed,
    })
    .returning({ expiresAt: passwordLinks.expiresAt });
  return { token, expiresAt: row!.expiresAt };
}

/** A link of that kind that is unused and live, else 400. */
export async function liveLink(db: Db, kind: Kind, token: string) {
  const [link] = await db
    .select()
    .from(passwordLinks)
    .where(
      and(
        eq(passwordLinks.tokenHash, hashToken(token)),
        eq(passwordLinks.kind, kind),
        isNull(passwordLinks.usedAt),
        sql`${passwordLinks.expiresAt} > now()`,
      ),
    )
    .limit(1);
  if (!link) throw badRequest(msg('msg.linkInvalid'));
  return link;
}
