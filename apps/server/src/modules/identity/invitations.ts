import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  fullName,
  INVITATION_DAYS,
  msg,
  type BulkInvitationResponse,
  type InvitationListResponse,
  type InvitationResponse,
  type InvitationState,
} from '@app/domain';
import type { Db } from '../../db/client.js';
import { credentials, passwordLinks, schools, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { mailDateTime, mailLanguage, mailWords } from '../../lib/mail-words.js';

import { openSealed, sealIfKeyed } from '../../lib/secrets.js';

import { isStaffRow, personToActOn } from '../../access/users.js';
import { hashToken } from '../../lib/tokens.js';
import { newLink } from './links.js';

/* Invitations to set up an account: one, the list, and one to every staff member without a sign-in. */

/** The invitation mail for a link; a guardian's is theirs (docs/decisions/115-guardians.md). */
export type InvitationMail = (link: string) => { subject: string; text: string };

/**
 * POST settings/invitations: mails the user of the school a link to set up their account (earlier
 * invitations end). When no mail can go out (no SMTP_URL, or the mail server refuses it) the call
 * still succeeds and answers the link itself, for the asker to hand over; it is kept sealed under
 * SECRETS_KEY so they can copy it again from the list, or, without a key, shown this once
 * (docs/decisions/132-invitations-without-mail.md). A mailed link is never shown: only its hash is kept.
 */
export async function sendInvitation(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  admin: { schoolId: string; id: string; schoolName: string },
  input: { userId: string; email: string },
  compose?: InvitationMail,
): Promise<InvitationResponse> {
  const [user] = await db
    .select({
      schoolId: users.schoolId,
      id: users.id,
      firstName: users.firstName,
      language: users.language,
      timeZone: schools.timeZone,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, admin.schoolId), eq(users.id, input.userId)))
    .limit(1);
  if (!user) throw notFound(msg('msg.userNotFound'));
  await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()`, sealedToken: null })
    .where(
      and(
        eq(passwordLinks.schoolId, user.schoolId),
        eq(passwordLinks.userId, user.id),
        eq(passwordLinks.kind, 'setup'),
        isNull(passwordLinks.usedAt),
      ),
    );
  await db
    .update(users)
    .set({ email: input.email })
    .where(and(eq(users.schoolId, user.schoolId), eq(users.id, user.id)));
  const { token, expiresAt } = await newLink(
    db,
    'setup',
    user,
    input.email,
    admin.id,
    mailer.configured,
  );
  const link = `${baseUrl}/account-setup?token=${token}`;
  const lang = mailLanguage(user.language);
  const mail = {
    to: input.email,
    // A guardian's invitation has its own words (compose); everyone else's is the invitation.
    ...(compose?.(link) ??
      mailWords(lang, 'mail.invitation', {
        firstName: user.firstName,
        school: admin.schoolName,
        days: INVITATION_DAYS,
        link,
        expires: mailDateTime(lang, expiresAt, user.timeZone),
      })),
  };
  const sent = { userId: user.id, email: input.email, expiresAt: expiresAt.toISOString() };
  if (mailer.configured) {
    try {
      await mailer.send(mail);
      return { ...sent, mailed: true };
    } catch (err) {
      mailer.notSent(mail, err);
    }
  } else mailer.notSent(mail);
  const whyNotMailed = mailer.configured ? ('refused' as const) : ('noMailServer' as const);
  // Not mailed: the link goes back to the asker, kept sealed (never in clear) when there is a key.
  const sealedToken = await sealIfKeyed(db, token);
  await db
    .update(passwordLinks)
    .set({ mailed: false, sealedToken })
    .where(eq(passwordLinks.tokenHash, hashToken(token)));
  return { ...sent, mailed: false, link, linkKept: sealedToken !== null, whyNotMailed };
}

/** A not-mailed invitation's link read back for its asker, or null (no key, another key, not its token). */
async function keptLink(
  db: Db,
  baseUrl: string,
  row: { tokenHash: string; sealedToken: string | null },
): Promise<string | null> {
  const token = row.sealedToken ? await openSealed(db, row.sealedToken) : null;
  return token && hashToken(token) === row.tokenHash
    ? `${baseUrl}/account-setup?token=${token}`
    : null;
}

/**
 * GET settings/invitations: each person's newest invitation of the school, newest first, with its
 * state: mailed, not mailed, used or expired (a link past its day is deleted by the nightly
 * cleanup). A not-mailed link that is kept, unused and valid is given back to the one who asked.
 */
export async function listInvitations(
  db: Db,
  baseUrl: string,
  asker: { schoolId: string; id: string },
): Promise<InvitationListResponse> {
  const inviter = alias(users, 'inviter');
  const rows = await db
    .selectDistinctOn([passwordLinks.userId], {
      userId: passwordLinks.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: passwordLinks.email,
      createdAt: passwordLinks.createdAt,
      expiresAt: passwordLinks.expiresAt,
      usedAt: passwordLinks.usedAt,
      live: sql<boolean>`${passwordLinks.expiresAt} > now()`,
      mailed: passwordLinks.mailed,
      sealedToken: passwordLinks.sealedToken,
      tokenHash: passwordLinks.tokenHash,
      createdBy: passwordLinks.createdBy,
      inviterFirst: inviter.firstName,
      inviterLast: inviter.lastName,
    })
    .from(passwordLinks)
    .innerJoin(
      users,
      and(eq(users.schoolId, passwordLinks.schoolId), eq(users.id, passwordLinks.userId)),
    )
    .leftJoin(
      inviter,
      and(eq(inviter.schoolId, passwordLinks.schoolId), eq(inviter.id, passwordLinks.createdBy)),
    )
    .where(and(eq(passwordLinks.schoolId, asker.schoolId), eq(passwordLinks.kind, 'setup')))
    .orderBy(passwordLinks.userId, desc(passwordLinks.createdAt));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const invitations = await Promise.all(
    rows.map(async (r) => {
      const state: InvitationState = r.usedAt
        ? 'used'
        : !r.live
          ? 'expired'
          : r.mailed
            ? 'mailed'
            : 'notMailed';
      const link =
        state === 'notMailed' && r.createdBy === asker.id ? await keptLink(db, baseUrl, r) : null;
      return {
        userId: r.userId,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        state,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        usedAt: r.usedAt?.toISOString() ?? null,
        invitedBy: r.inviterFirst
          ? fullName({ firstName: r.inviterFirst, lastName: r.inviterLast ?? '' })
          : null,
        linkKept: !r.mailed && r.sealedToken !== null,
        ...(link ? { link } : {}),
      };
    }),
  );
  return { invitations };
}

/** How many invitations of one "invite everyone" go out at once. */
const BULK_AT_ONCE = 4;

/**
 * POST settings/invitations/all: an invitation to each of the school's staff (not students, not
 * guardians) who has an address, no sign-in (no credentials row) and no invitation pending, each
 * through personToActOn (someone whose roles reach beyond the asker's is left out). Answers how
 * many were mailed, those not mailed with their links, and how many were left out.
 */
export async function inviteEveryone(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  admin: AuthUser,
): Promise<BulkInvitationResponse> {
  const pending = db
    .select({ one: sql`1` })
    .from(passwordLinks)
    .where(
      and(
        eq(passwordLinks.schoolId, users.schoolId),
        eq(passwordLinks.userId, users.id),
        eq(passwordLinks.kind, 'setup'),
        isNull(passwordLinks.usedAt),
        sql`${passwordLinks.expiresAt} > now()`,
      ),
    );
  const signIn = db
    .select({ one: sql`1` })
    .from(credentials)
    .where(and(eq(credentials.schoolId, users.schoolId), eq(credentials.userId, users.id)));
  const staff = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      pending: sql<boolean>`exists (${pending})`,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, admin.schoolId),
        isNull(users.leftAt),
        ne(users.id, admin.id),
        isStaffRow,
        sql`not exists (${signIn})`,
      ),
    )
    .orderBy(users.lastName, users.firstName);
  let skipped = 0;
  const chosen: (typeof staff)[number][] = [];
  for (const p of staff) {
    const email = p.email?.trim();
    if (!email || p.pending) skipped++;
    else
      await personToActOn(db, admin, p.id).then(
        () => chosen.push({ ...p, email }),
        (err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 403) skipped++;
          else throw err;
        },
      );
  }
  let sent = 0;
  const notSent: BulkInvitationResponse['notSent'] = [];
  const from = { schoolId: admin.schoolId, id: admin.id, schoolName: admin.school.name };
  for (let i = 0; i < chosen.length; i += BULK_AT_ONCE) {
    const answers = await Promise.all(
      chosen
        .slice(i, i + BULK_AT_ONCE)
        .map((p) =>
          sendInvitation(db, mailer, baseUrl, from, { userId: p.id, email: p.email! }).then(
            (r) => ({ p, r }),
          ),
        ),
    );
    for (const { p, r } of answers) {
      if (r.mailed) sent++;
      else
        notSent.push({
          userId: p.id,
          name: fullName(p),
          email: r.email,
          expiresAt: r.expiresAt,
          link: r.link!,
          linkKept: r.linkKept ?? false,
        });
    }
  }
  return { sent, notSent, skipped };
}
