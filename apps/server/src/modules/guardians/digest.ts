import { and, between, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { currencyNames, digestWeek, msg, todayIn } from '@app/domain';
import { t } from '@app/domain/i18n';
import type { Db } from '../../db/client.js';
import {
  dailyRollup,
  guardianDigestLinks,
  guardianDigestOptouts,
  guardianStudents,
  orders,
  schools,
  users,
  wallets,
} from '../../db/schema.js';
import { isGuardianSql } from '../../access/guardians.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { isUuid } from '../../lib/ids.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { mailLanguage } from './service.js';

/*
 * The weekly digest (docs/decisions/115-guardians.md): on Monday morning every guardian with an
 * address, who has not unsubscribed, gets a mail in their language with each child's last seven
 * days (received, spent, balance, orders) and a one-click unsubscribe link (also as List-Unsubscribe).
 */

export const GUARDIAN_DIGEST_QUEUE = 'guardian-weekly-digest';
/** The answer to a token that is no live link, whatever is wrong with it. */
const LINK_DEAD = msg('msg.unsubscribeLinkDead');
/** Days an unsubscribe link keeps working after its mail. */
const LINK_DAYS = 90;

/** The public address of the unsubscribe call for a token. */
const unsubscribeUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/api/v1/guardian/unsubscribe?token=${encodeURIComponent(token)}`;

/** Sends every school's digests; the number of mails handed to the mailer. */
export async function sendWeeklyDigests(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  now: Date,
  onMailError: (err: unknown) => void,
): Promise<number> {
  const open = await db.select().from(schools).where(isNull(schools.disabledAt));
  let sent = 0;
  for (const school of open)
    sent += await digestsOfSchool(db, mailer, baseUrl, school, now, onMailError);
  return sent;
}

async function digestsOfSchool(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  school: School,
  now: Date,
  onMailError: (err: unknown) => void,
): Promise<number> {
  const guardians = await subscribedGuardians(db, school.id);
  if (!guardians.length) return 0;
  const links = await childrenOf(
    db,
    school.id,
    guardians.map((g) => g.id),
  );
  if (!links.length) return 0;
  const week = digestWeek(todayIn(school.timeZone, now));
  const figures = await weekFigures(
    db,
    school.id,
    [...new Set(links.map((l) => l.studentId))],
    week,
  );
  let sent = 0;
  for (const g of guardians) {
    const children = links.filter((l) => l.guardianId === g.id);
    if (!children.length || !g.email) continue;
    const mail = await digestMail(
      db,
      { baseUrl, school, week, figures },
      { ...g, email: g.email },
      children,
    );
    await mailer.send(mail).then(() => sent++, onMailError);
  }
  return sent;
}

type School = typeof schools.$inferSelect;

/** The school's guardians with an address who still want the digest. */
function subscribedGuardians(db: Db, schoolId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isGuardianSql(users.roles),
        isNotNull(users.email),
        isNull(users.leftAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(guardianDigestOptouts)
            .where(
              and(
                eq(guardianDigestOptouts.schoolId, schoolId),
                eq(guardianDigestOptouts.guardianId, users.id),
              ),
            ),
        ),
      ),
    );
}

/** Each guardian's children, by first and last name. */
function childrenOf(db: Db, schoolId: string, guardianIds: string[]) {
  return db
    .select({
      guardianId: guardianStudents.guardianId,
      studentId: guardianStudents.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(guardianStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, guardianStudents.schoolId), eq(users.id, guardianStudents.studentId)),
    )
    .where(
      and(
        eq(guardianStudents.schoolId, schoolId),
        inArray(guardianStudents.guardianId, guardianIds),
      ),
    )
    .orderBy(users.firstName, users.lastName);
}

/** The children's week: earned and spent (from the daily rollup), balance, and orders placed. */
async function weekFigures(
  db: Db,
  schoolId: string,
  studentIds: string[],
  { start, end }: { start: string; end: string },
) {
  const [moved, balances, placed] = await Promise.all([
    db
      .select({
        studentId: dailyRollup.studentId,
        earned: sql<number>`coalesce(sum(${dailyRollup.earned}), 0)::int`.mapWith(Number),
        spent: sql<number>`coalesce(sum(${dailyRollup.spent}), 0)::int`.mapWith(Number),
      })
      .from(dailyRollup)
      .where(
        and(
          eq(dailyRollup.schoolId, schoolId),
          inArray(dailyRollup.studentId, studentIds),
          between(dailyRollup.date, start, end),
        ),
      )
      .groupBy(dailyRollup.studentId),
    db
      .select({ studentId: wallets.studentId, balance: wallets.balance })
      .from(wallets)
      .where(and(eq(wallets.schoolId, schoolId), inArray(wallets.studentId, studentIds))),
    db
      .select({
        studentId: orders.studentId,
        n: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          eq(orders.schoolId, schoolId),
          inArray(orders.studentId, studentIds),
          between(orders.date, start, end),
        ),
      )
      .groupBy(orders.studentId),
  ]);
  const movedOf = new Map(moved.map((m) => [m.studentId, m]));
  const balanceOf = new Map(balances.map((b) => [b.studentId, b.balance]));
  const ordersOf = new Map(placed.map((o) => [o.studentId, o.n]));
  return { movedOf, balanceOf, ordersOf };
}

/** One guardian's digest mail, with its own unsubscribe link (kept before the mail goes). */
async function digestMail(
  db: Db,
  {
    baseUrl,
    school,
    week: { start, end },
    figures: { movedOf, balanceOf, ordersOf },
  }: {
    baseUrl: string;
    school: School;
    week: { start: string; end: string };
    figures: Awaited<ReturnType<typeof weekFigures>>;
  },
  g: { id: string; email: string; firstName: string; language: string | null },
  children: Awaited<ReturnType<typeof childrenOf>>,
) {
  const lang = mailLanguage(g.language);
  const token = `${school.id}.${newToken()}`;
  await db
    .insert(guardianDigestLinks)
    .values({ schoolId: school.id, tokenHash: hashToken(token), guardianId: g.id });
  const unsubscribe = unsubscribeUrl(baseUrl, token);
  const lines = children.map((c) =>
    t(lang, 'guardian.digest.child', {
      ...currencyNames(school, lang),
      name: `${c.firstName} ${c.lastName}`.trim(),
      received: movedOf.get(c.studentId)?.earned ?? 0,
      spent: movedOf.get(c.studentId)?.spent ?? 0,
      balance: balanceOf.get(c.studentId) ?? 0,
      orders: ordersOf.get(c.studentId) ?? 0,
    }),
  );
  const text = [
    t(lang, 'guardian.digest.intro', { name: g.firstName, school: school.name, start, end }),
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    t(lang, 'guardian.digest.more', { link: `${baseUrl}/family` }),
    '',
    t(lang, 'guardian.digest.unsubscribe', { link: unsubscribe }),
    '',
  ].join('\n');
  return {
    to: g.email,
    subject: t(lang, 'guardian.digest.subject', { school: school.name }),
    text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * GET or POST guardian/unsubscribe: the guardian of the link gets no more digests (one click, no
 * sign-in: the token is the authority). Answers in their language; an unknown token is 400.
 */
export async function unsubscribe(db: Db, token: string): Promise<string> {
  const schoolId = token.slice(0, 36);
  // Only a school id may reach the uuid column: anything else is no link (issue 31, M2).
  if (token[36] !== '.' || !isUuid(schoolId)) throw badRequest(LINK_DEAD);
  const [link] = await db
    .select({ guardianId: guardianDigestLinks.guardianId, language: users.language })
    .from(guardianDigestLinks)
    .innerJoin(
      users,
      and(
        eq(users.schoolId, guardianDigestLinks.schoolId),
        eq(users.id, guardianDigestLinks.guardianId),
      ),
    )
    .where(
      and(
        eq(guardianDigestLinks.schoolId, schoolId),
        eq(guardianDigestLinks.tokenHash, hashToken(token)),
        sql`${guardianDigestLinks.createdAt} > now() - make_interval(days => ${LINK_DAYS})`,
      ),
    )
    .limit(1);
  if (!link) throw badRequest(LINK_DEAD);
  await db
    .insert(guardianDigestOptouts)
    .values({ schoolId, guardianId: link.guardianId })
    .onConflictDoNothing();
  return t(mailLanguage(link.language), 'guardian.digest.unsubscribed');
}

/** Housekeeping: unsubscribe links past their days. */
export async function purgeDigestLinks(db: Db): Promise<void> {
  await db
    .delete(guardianDigestLinks)
    .where(sql`${guardianDigestLinks.createdAt} < now() - make_interval(days => ${LINK_DAYS})`);
}
