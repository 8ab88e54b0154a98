import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { msg, type NewSchoolBody, type SetupBody } from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { credentials, schools, setupCodes, users } from '../../db/schema.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { hashPassword, hashToken } from '../../lib/tokens.js';
import { DISTRICT_OWNER_ROLES } from '../../access/districts.js';
import { createDistrict, createSchool } from '../district/service.js';

/*
 * The first start (docs/decisions/075-setup-code.md): while the database has no school, every
 * start prints a fresh one-time code and keeps only its hash (the last start's code is the one that
 * works); POST setup with it makes the district, its first school and its owner in one transaction
 * and deletes the code in the same transaction.
 */

/** The letters of a code: no 0/O, 1/I/L, so it reads back from a log without doubt. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as people type it: case, spaces and dashes do not matter. */
const normalized = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');

async function hasSchool(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: schools.id }).from(schools).limit(1);
  return rows.length > 0;
}

/** GET setup: whether the server still waits for its first school. */
export const setupOpen = async (db: Queryable): Promise<boolean> => !(await hasSchool(db));

/**
 * At start: on a database without a school, a fresh code (its hash replaces any earlier one) to
 * print; null once a school exists (and any code left over is deleted).
 */
export async function issueSetupCode(db: Db): Promise<string | null> {
  if (await hasSchool(db)) {
    await db.delete(setupCodes);
    return null;
  }
  const raw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  await db
    .insert(setupCodes)
    .values({ id: 1, codeHash: hashToken(raw) })
    .onConflictDoUpdate({
      target: setupCodes.id,
      set: { codeHash: hashToken(raw), createdAt: sql`now()` },
    });
  return raw.match(/.{4}/g)!.join('-');
}

/** The log line that carries the code (tests and the e2e read it back from the log). */
export const setupCodeLine = (code: string, url: string) =>
  `First start: no school yet. Open ${url}/setup and enter the setup code ${code} (it works once; a restart prints a new one).`;

export interface Owner {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

/**
 * The district, its first school and its owner (a super admin of that school, with the sign-in
 * name given and the password hash, or none yet). Refused once any school exists.
 */
export async function createFirstSchool(
  tx: Queryable,
  input: {
    districtName?: string;
    school: NewSchoolBody;
    owner: Owner;
    passwordHash: string | null;
  },
): Promise<{ schoolId: string; userId: string; schoolName: string }> {
  // One setup at a time, even without a code (the shell): the second waits, then finds the school.
  await tx.execute(sql`select pg_advisory_xact_lock(7400001)`);
  if (await hasSchool(tx)) throw forbidden(msg('msg.setupDone'));
  const district = await createDistrict(tx, input.districtName ?? input.school.name);
  const school = await createSchool(tx, { ...input.school, districtId: district.id });
  const [owner] = await tx
    .insert(users)
    .values({
      schoolId: school.id,
      externalId: `owner-${input.owner.username}`,
      firstName: input.owner.firstName,
      lastName: input.owner.lastName,
      email: input.owner.email,
      roles: DISTRICT_OWNER_ROLES,
    })
    .returning({ id: users.id });
  if (input.passwordHash) {
    const made = await tx
      .insert(credentials)
      .values({
        username: input.owner.username.trim().toLowerCase(),
        schoolId: school.id,
        userId: owner!.id,
        passwordHash: input.passwordHash,
      })
      .onConflictDoNothing()
      .returning({ u: credentials.username });
    if (!made.length) throw conflict(msg('msg.usernameTaken'));
  }
  await tx.delete(setupCodes);
  return { schoolId: school.id, userId: owner!.id, schoolName: school.name };
}

/** POST setup: with the code of the last start, under the password rules (checked by the schema). */
export async function runSetup(db: Db, body: SetupBody) {
  if (await hasSchool(db)) throw forbidden(msg('msg.setupDone'));
  const passwordHash = await hashPassword(body.owner.password);
  return db.transaction(async (tx) => {
    // Taking the code's row kills it: a second setup with the same code finds nothing.
    const used = await tx
      .delete(setupCodes)
      .where(eq(setupCodes.codeHash, hashToken(normalized(body.code))))
      .returning({ id: setupCodes.id });
    if (!used.length) {
      if (await hasSchool(tx)) throw forbidden(msg('msg.setupDone'));
      throw forbidden(msg('msg.setupWrongCode'));
    }
    return createFirstSchool(tx, { ...body, passwordHash });
  });
}
