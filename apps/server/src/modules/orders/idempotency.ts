import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict } from '../../lib/errors.js';

/** How long a key's answer is kept for retries. */
export const IDEMPOTENCY_TTL_HOURS = 24;

const VISIBLE = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header: absent, or 1 to 200 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !VISIBLE.test(key)) throw badRequest('Idempotency-Key must be 1 to 200 visible characters');
  return key;
}

/**
 * Runs `run` in one transaction; with a key, at most once per (user, key). The first request
 * inserts the key at the start of its transaction and stores its answer before committing; a
 * retry meanwhile waits on the key's unique index, then finds the answer and gets it back. A run
 * that fails rolls back with its key, so a retry runs again (a failure charged nothing).
 */
export async function once<T>(
  db: Db,
  u: AuthUser,
  key: string | undefined,
  request: unknown,
  run: (tx: Tx) => Promise<T>,
): Promise<{ body: T; replayed: boolean }> {
  if (key === undefined) return { body: await db.transaction(run), replayed: false };
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const where = and(eq(idempotencyKeys.schoolId, u.schoolId), eq(idempotencyKeys.userId, u.id), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    const mine = await tx
      .insert(idempotencyKeys)
      .values({ schoolId: u.schoolId, userId: u.id, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!mine.length) {
      const [kept] = await tx.select().from(idempotencyKeys).where(where);
      if (!kept || kept.response === null) throw conflict('A request with this Idempotency-Key is still running. Try again.');
      if (kept.requestHash !== requestHash) throw conflict('This Idempotency-Key was used for another request.');
      return { body: kept.response as T, replayed: true };
    }
    const body = await run(tx);
    await tx.update(idempotencyKeys).set({ statusCode: 200, response: body as object }).where(where);
    return { body, replayed: false };
  });
}

/** Forgets keys older than the TTL (the cleanup job). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
}
