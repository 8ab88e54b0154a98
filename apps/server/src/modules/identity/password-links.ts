import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  fullName,
  INVITATION_DAYS,
  MSG,
  RESET_LINK_MINUTES,
  SIGN_IN_LINK_MINUTES,
  type AccountSetupInfoResponse,
  type BulkInvitationResponse,
  type InvitationListResponse,
  type InvitationResponse,
  type InvitationState,
} from '@app/domain';
import type { Db } from '../../db/client.js';
import { credentials, passwordLinks, schools, sessions, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { mailDateTime, mailLanguage, mailWords } from '../../lib/mail-words.js';
import { hit } from '../../lib/rate-limit.js';
import { openSealed, sealIfKeyed } from '../../lib/secrets.js';
import { refuseDisabledSchool, refuseLeaver } from '../auth/service.js';
import { isGuardianSql } from '../../access/guardians.js';
import { isStaffRow, personToActOn } from '../../access/users.js';
import { hashPassword, hashToken, newToken } from '../../lib/tokens.js';

/*
 * Links to choose a password (docs/decisions/050-invitations-and-account-setup.md and docs/decisions/051-forgot-and-reset-password.md): an invitation a school admin
 * sends (account setup, 7 days) and a reset anyone may ask for by address (1 hour). Each is a random
 * token in the link, stored hashed, used once.
 */

type Kind = 'setup' | 'reset' | 'signin';

/** A forgot-password answer takes at least this long, whether or not a mail goes out. */
const FORGOT_PASSWORD_FLOOR_MS = 300;
/** Forgot-password asks per address (IP) and per email address, per 15 minutes; links per account per hour. */
const ASKS_PER_ADDRESS = 20;
const ASKS_PER_EMAIL = 5;
const LINKS_PER_ACCOUNT = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newLink(
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

/** An account-setup link for the user (the shell's setup prints it, not mailed: docs/decisions/075-setup-code.md); its token. */
export const accountSetupLink = async (
  db: Db,
  user: { schoolId: string; id: string },
  email: string,
): Promise<string> => (await newLink(db, 'setup', user, email, null, false)).token;

/** The invitation mail for a link; a guardian's is theirs (docs/decisions/115-guardians.md). */
type InvitationMail = (link: string) => { subject: string; text: string };

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
  if (!user) throw notFound('User not found');
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

/** A link of that kind that is unused and live, else 400. */
async function liveLink(db: Db, kind: Kind, token: string) {
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
  if (!link) throw badRequest(MSG.linkInvalid);
  return link;
}

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
  if (!u) throw badRequest(MSG.linkInvalid);
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
  return db.transaction(async (tx) => {
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
    if (!link) throw badRequest(MSG.linkInvalid);
    await refuseDisabledSchool(tx, link.schoolId); // before anything is written: the link stays unused
    await refuseLeaver(tx, link.schoolId, link.userId); // who left signs in no more, nor sets a password
    const updated = await tx
      .update(credentials)
      .set({ passwordHash })
      .where(and(eq(credentials.schoolId, link.schoolId), eq(credentials.userId, link.userId)))
      .returning({ u: credentials.username });
    if (!updated.length) {
      if (kind === 'reset') throw badRequest(MSG.linkInvalid);
      const username = input.username?.trim().toLowerCase();
      if (!username) throw badRequest(MSG.usernameNeeded);
      const made = await tx
        .insert(credentials)
        .values({ username, schoolId: link.schoolId, userId: link.userId, passwordHash })
        .onConflictDoNothing()
        .returning({ u: credentials.username });
      if (!made.length) throw conflict(MSG.usernameTaken);
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
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.schoolId, link.schoolId),
          eq(sessions.userId, link.userId),
          isNull(sessions.revokedAt),
        ),
      );
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
  if (!link) throw badRequest(MSG.linkInvalid);
  return { schoolId: link.schoolId, userId: link.userId };
}

/** Housekeeping for the cleanup job: links and SSO states long past. */
export async function purgeIdentity(db: Db): Promise<void> {
  await db.delete(passwordLinks).where(sql`${passwordLinks.expiresAt} < now() - interval '1 day'`);
  await db.execute(sql`delete from sso_states where expires_at < now() - interval '1 day'`);
}
