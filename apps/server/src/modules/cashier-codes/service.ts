import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CARD_ALPHABET,
  CASHIER_CODE_MAX_HOURS,
  CASHIER_CODE_SYMBOLS,
  CASHIER_ROLE,
  clockNow,
  formatCashierCode,
  msg,
  normalizeCashierCode,
  type CashierCode,
  type CashierCodeBody,
  type LoginResponse,
  type NewCashierCode,
} from '@app/domain';
import type { Db } from '../../db/client.js';
import { cashierCodes, schools, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { SignInDevice } from '../../lib/sign-in-devices.js';
import { limitedSignIn } from '../../lib/sign-in-limits.js';
import { hashToken } from '../../lib/tokens.js';
import { refuseDisabledSchool, signInAs, transactionEndingSessions } from '../auth/service.js';

/*
 * Cashier codes (issue 35, docs/decisions/139-badges-and-counter.md): a store manager makes one for
 * a volunteer, who types it at /login and is the school's CASHIER (the counter's calls only) until
 * the code ends (at most five hours) or is revoked. Each code has its own CASHIER account, named
 * by its label, so what a volunteer sold is known by the code they used. Only the SHA-256 of the
 * normalized code is kept; nothing here logs a code. Its end is read by the rules' clock
 * (`clockNow`), the clock the session look-up holds a cashier's session to.
 */

const HOUR_MS = 3_600_000;

/** A new code: CASHIER_CODE_SYMBOLS random symbols of Crockford's base 32 (50 bits). */
export function newCashierCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform.
  return [...randomBytes(CASHIER_CODE_SYMBOLS)].map((b) => CARD_ALPHABET[b & 31]).join('');
}

/** The name a cashier code's sign-ins are counted under (lib/sign-in-limits.ts): its first four symbols. */
const cashierSignInName = (code: string) => `cashier:${code.slice(0, 4)}`;

/**
 * POST cashier-codes: a new code, answered this once, and its CASHIER account (first name the
 * label, no last name), ending `hours` from now (five by default, at most five).
 */
export async function createCashierCode(
  db: Db,
  u: AuthUser,
  body: CashierCodeBody,
): Promise<NewCashierCode> {
  const hours = Math.min(body.hours ?? CASHIER_CODE_MAX_HOURS, CASHIER_CODE_MAX_HOURS);
  const expiresAt = new Date(clockNow().getTime() + hours * HOUR_MS);
  const code = newCashierCode();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await refuseDisabledSchool(tx, u.schoolId);
    const [cashier] = await tx
      .insert(users)
      .values({
        schoolId: u.schoolId,
        externalId: `cashier:${id}`,
        firstName: body.label,
        lastName: '',
        roles: [CASHIER_ROLE],
      })
      .returning({ id: users.id });
    await tx.insert(cashierCodes).values({
      schoolId: u.schoolId,
      id,
      label: body.label,
      codeHash: hashToken(code),
      userId: cashier!.id,
      expiresAt,
      createdBy: u.id,
    });
    return {
      _id: id,
      code: formatCashierCode(code),
      label: body.label,
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/** GET cashier-codes: the school's codes that have not ended (neither revoked nor past), newest first. */
export async function listCashierCodes(db: Db, u: AuthUser): Promise<CashierCode[]> {
  const rows = await db
    .select({
      id: cashierCodes.id,
      label: cashierCodes.label,
      expiresAt: cashierCodes.expiresAt,
      createdAt: cashierCodes.createdAt,
    })
    .from(cashierCodes)
    .where(
      and(
        eq(cashierCodes.schoolId, u.schoolId),
        isNull(cashierCodes.revokedAt),
        gt(cashierCodes.expiresAt, clockNow()),
      ),
    )
    .orderBy(desc(cashierCodes.createdAt), desc(cashierCodes.id));
  return rows.map((r) => ({
    _id: r.id,
    label: r.label,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    revoked: false,
  }));
}

/**
 * DELETE cashier-codes/{id}: the code ends now and every session signed in with it ends too (at
 * once on this server; elsewhere when the sessions' change notice arrives, and the session look-up
 * refuses a revoked code's account meanwhile). A code revoked already is left as it is.
 */
export async function revokeCashierCode(db: Db, u: AuthUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(msg('msg.cashierCodeNotFound'));
  await transactionEndingSessions(db, async (tx, endSessions) => {
    const [c] = await tx
      .update(cashierCodes)
      .set({ revokedAt: sql`coalesce(${cashierCodes.revokedAt}, now())` })
      .where(and(eq(cashierCodes.schoolId, u.schoolId), eq(cashierCodes.id, id)))
      .returning({ userId: cashierCodes.userId });
    if (!c) throw notFound(msg('msg.cashierCodeNotFound'));
    await endSessions({ schoolId: u.schoolId, userIds: [c.userId] });
  });
}

/** A cashier code that signs in: its account and when it ends. */
interface LiveCode {
  schoolId: string;
  userId: string;
  expiresAt: Date;
}

/**
 * POST auth/login/cashier, under the password sign-in's limits with the code's first four symbols
 * as the name, like a sign-in card's. A code that cannot be one is refused at once and counted
 * nowhere; any other wrong code (unknown, revoked, ended, of a disabled school) is a guess at
 * every code and counts against the address. Every refusal is the password sign-in's 401.
 */
async function cashierLogin(
  db: Db,
  input: { code: string; address: string },
  device?: SignInDevice,
): Promise<LiveCode> {
  const code = normalizeCashierCode(input.code);
  if (!code) throw new HttpError(401, msg('msg.invalidLogin'));
  const check = async () => {
    const [row] = await db
      .select({
        schoolId: cashierCodes.schoolId,
        userId: cashierCodes.userId,
        expiresAt: cashierCodes.expiresAt,
        revokedAt: cashierCodes.revokedAt,
        disabledAt: schools.disabledAt,
      })
      .from(cashierCodes)
      .innerJoin(schools, eq(schools.id, cashierCodes.schoolId))
      .where(eq(cashierCodes.codeHash, hashToken(code)))
      .limit(1);
    const live =
      row && !row.revokedAt && !row.disabledAt && row.expiresAt.getTime() > clockNow().getTime();
    return {
      known: true,
      schoolId: row?.schoolId,
      account: live
        ? { schoolId: row.schoolId, userId: row.userId, expiresAt: row.expiresAt }
        : null,
    };
  };
  return limitedSignIn(db, cashierSignInName(code), input.address, check, device);
}

/**
 * Signs a volunteer in with a cashier code: a session that ends when the code does, answered as
 * POST auth/login answers. Its expiry is the time the code has left, from the database's now.
 */
export async function signInWithCashierCode(
  db: Db,
  input: { code: string; address: string },
  device?: SignInDevice,
): Promise<LoginResponse> {
  const live = await cashierLogin(db, input, device);
  const hoursLeft = (live.expiresAt.getTime() - clockNow().getTime()) / HOUR_MS;
  return signInAs(db, live, hoursLeft);
}
