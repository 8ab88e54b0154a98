import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { msg, type SchoolTokenIssuedResponse, type SchoolTokenResponse } from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { schools, schoolTokens, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SignInDevice } from '../../lib/sign-in-devices.js';
import { limitedSignIn } from '../../lib/sign-in-limits.js';

/*
 * School tokens (docs/decisions/049-school-tokens.md): a school admin issues a token for one user of the
 * school (a shared device: the store counter, a classroom kiosk); POST auth/login/school with the
 * school's code and the token signs in as that user. 256 random bits, only the SHA-256 kept (a
 * slow hash adds nothing to so long a secret) with the last four characters to tell tokens apart.
 */

type Row = {
  id: string;
  userId: string;
  label: string;
  lastFour: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
};
const present = (r: Row): SchoolTokenResponse => ({
  _id: r.id,
  userId: r.userId,
  userName: [r.firstName, r.lastName].filter(Boolean).join(' '),
  label: r.label,
  lastFour: r.lastFour,
  createdAt: r.createdAt.toISOString(),
});

const columns = {
  id: schoolTokens.id,
  userId: schoolTokens.userId,
  label: schoolTokens.label,
  lastFour: schoolTokens.lastFour,
  createdAt: schoolTokens.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The school's tokens in use (revoked ones are gone from the list). */
export async function listSchoolTokens(db: Db, schoolId: string): Promise<SchoolTokenResponse[]> {
  const rows = await db
    .select(columns)
    .from(schoolTokens)
    .leftJoin(
      users,
      and(eq(users.schoolId, schoolTokens.schoolId), eq(users.id, schoolTokens.userId)),
    )
    .where(and(eq(schoolTokens.schoolId, schoolId), isNull(schoolTokens.revokedAt)))
    .orderBy(desc(schoolTokens.createdAt));
  return rows.map(present);
}

/** A new token for a user of the school; the token is answered this once. */
export async function issueSchoolToken(
  db: Queryable,
  schoolId: string,
  by: string | null,
  input: { userId: string; label?: string },
): Promise<SchoolTokenIssuedResponse> {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, input.userId)))
    .limit(1);
  if (!user) throw notFound(msg('msg.userNotFound'));
  const token = newToken();
  const [row] = await db
    .insert(schoolTokens)
    .values({
      schoolId,
      tokenHash: hashToken(token),
      lastFour: token.slice(-4),
      label: input.label ?? '',
      userId: user.id,
      createdBy: by,
    })
    .returning();
  return { ...present({ ...row!, firstName: user.firstName, lastName: user.lastName }), token };
}

/** The person a school token signs in as (404 when the school has no such token). */
export async function tokenHolder(db: Queryable, schoolId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ userId: schoolTokens.userId })
    .from(schoolTokens)
    .where(and(eq(schoolTokens.schoolId, schoolId), eq(schoolTokens.id, id)));
  if (!row) throw notFound(msg('msg.schoolTokenNotFound'));
  return row.userId;
}

/** Revokes one of the school's live tokens (404 when it has none of that id): revoke and rotate. */
async function revokeLive(db: Queryable, schoolId: string, id: string) {
  const [old] = await db
    .update(schoolTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(schoolTokens.schoolId, schoolId),
        eq(schoolTokens.id, id),
        isNull(schoolTokens.revokedAt),
      ),
    )
    .returning();
  if (!old) throw notFound(msg('msg.schoolTokenNotFound'));
  return old;
}

/** Revokes a token and issues its successor for the same user and label, in one transaction. */
export async function rotateSchoolToken(
  db: Db,
  schoolId: string,
  by: string | null,
  id: string,
): Promise<SchoolTokenIssuedResponse> {
  return db.transaction(async (tx) => {
    const old = await revokeLive(tx, schoolId, id);
    return issueSchoolToken(tx, schoolId, by, { userId: old.userId, label: old.label });
  });
}

export async function revokeSchoolToken(db: Db, schoolId: string, id: string): Promise<void> {
  await revokeLive(db, schoolId, id);
}

/**
 * POST auth/login/school: the password sign-in's limits (docs/decisions/064-shared-address-sign-in-limits.md) with the school's code in the
 * place of the user name, and its message. Counted before the token is looked up.
 */
export async function schoolTokenLogin(
  db: Db,
  input: { externalSchoolId: string; token: string; address: string },
  device?: SignInDevice,
): Promise<{ schoolId: string; userId: string }> {
  const code = input.externalSchoolId.trim();
  const check = async () => {
    const [school] = await db
      .select({ id: schools.id })
      .from(schools)
      .where(sql`lower(${schools.externalId}) = lower(${code})`)
      .limit(1);
    if (!school) return { known: false, account: null };
    const [row] = await db
      .select({ schoolId: schoolTokens.schoolId, userId: schoolTokens.userId })
      .from(schoolTokens)
      .innerJoin(
        users,
        and(eq(users.schoolId, schoolTokens.schoolId), eq(users.id, schoolTokens.userId)),
      )
      .where(
        and(
          eq(schoolTokens.schoolId, school.id),
          eq(schoolTokens.tokenHash, hashToken(input.token)),
          isNull(schoolTokens.revokedAt),
        ),
      )
      .limit(1);
    return { known: true, schoolId: school.id, account: row ?? null };
  };
  return limitedSignIn(db, `school:${code.toLowerCase()}`, input.address, check, device);
}
