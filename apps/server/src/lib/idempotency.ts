import { msg } from '@app/domain';
import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import type { Slot } from '../db/named.js';
import { idempotencyKeys } from '../db/schema.js';
import { me, type AuthUser } from './auth-context.js';
import { badRequest, conflict } from './errors.js';

/**
 * Idempotency-Key, one mechanism for every call that changes points
 * (docs/decisions/057-checkout-confirmation-and-idempotency-key.md, docs/decisions/062-idempotency-key-for-every-points-change.md): a
 * purchase, a give, an edit or removal of activities, an absence. A key belongs to one school and
 * user; it is written in the same transaction as the points it guards, so a crash leaves both or
 * neither, and a retry with it gets the stored answer back instead of changing points again.
 */

/** How long a key's answer is kept for retries. */
const IDEMPOTENCY_TTL_HOURS = 24;

const VISIBLE = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header: absent, or 1 to 200 visible ASCII characters. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !VISIBLE.test(key)) throw badRequest(msg('msg.idempotencyKeyInvalid'));
  return key;
}

/**
 * The insert that keeps a call's answer (`response`, a jsonb expression) under its key, written
 * only when `onlyIf` holds: for a call that changes points in one statement of its own
 * (docs/decisions/102-one-statement-purchases.md) instead of `run`'s transaction. The key being
 * there already makes that statement fail with a unique violation, and `once` goes on as usual.
 * Its text takes the key's values from slots (`values`: `k_school`, `k_user`, `k_key`,
 * `k_hash`), so a shaped statement carries it (docs/decisions/140-lean-hot-paths.md).
 */
export interface KeepAnswer {
  values: Record<string, unknown>;
  statement: (s: Slot, response: SQL, onlyIf: SQL) => SQL;
}
/** A call in one statement: its answer, or null when it wrote nothing and `run` must answer. */
type AtOnce<T> = (keep: KeepAnswer | undefined) => Promise<T | null>;

/**
 * Runs `run` in one transaction (or first `atOnce`, a call in one statement that keeps its answer
 * under the key in that same statement); with a key, at most once per (school, user, key). The first
 * request inserts the key at the start of its transaction and stores its answer before committing;
 * a retry meanwhile waits on the key's unique index, then finds the answer and gets it back. A run
 * that fails rolls back with its key, so a retry runs again (a failure changed nothing). `request`
 * is what the key stands for: the same key with another request is refused with 409.
 */
export async function once<T>(
  db: Db,
  u: AuthUser,
  key: string | undefined,
  request: unknown,
  run: (tx: Tx) => Promise<T>,
  atOnce?: AtOnce<T>,
): Promise<{ body: T; replayed: boolean }> {
  const requestHash =
    key === undefined ? '' : createHash('sha256').update(JSON.stringify(request)).digest('hex');
  if (atOnce) {
    const keep: KeepAnswer | undefined =
      key === undefined
        ? undefined
        : {
            values: { k_school: u.schoolId, k_user: u.id, k_key: key, k_hash: requestHash },
            statement: (s, response, onlyIf) => sql`
          insert into idempotency_keys (school_id, user_id, key, request_hash, status_code, response)
          select ${s('k_school')}::uuid, ${s('k_user')}::uuid, ${s('k_key')}, ${s('k_hash')}, 200, ${response} where ${onlyIf}`,
          };
    const body = await atOnce(keep);
    if (body !== null) return { body, replayed: false };
  }
  if (key === undefined) return { body: await db.transaction(run), replayed: false };
  const where = and(
    eq(idempotencyKeys.schoolId, u.schoolId),
    eq(idempotencyKeys.userId, u.id),
    eq(idempotencyKeys.key, key),
  );
  return db.transaction(async (tx) => {
    const mine = await tx
      .insert(idempotencyKeys)
      .values({ schoolId: u.schoolId, userId: u.id, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!mine.length) {
      const [kept] = await tx.select().from(idempotencyKeys).where(where);
      if (!kept || kept.response === null) throw conflict(msg('msg.idempotencyRunning'));
      if (kept.requestHash !== requestHash) throw conflict(msg('msg.idempotencyReused'));
      return { body: kept.response as T, replayed: true };
    }
    const body = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: body as object })
      .where(where);
    return { body, replayed: false };
  });
}

/**
 * A route's side of `once`: reads the header and runs the call at most once per key. The request a
 * key stands for is the call (method and route) with its parameters, query and body, so a key sent
 * to another call, or to the same call for another object, answers 409. A replay carries
 * `idempotent-replayed: true`.
 */
export async function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  run: (tx: Tx, user: AuthUser) => Promise<T>,
  atOnce?: (user: AuthUser, keep: KeepAnswer | undefined) => Promise<T | null>,
): Promise<T> {
  const user = me(req);
  const key = idempotencyKeyOf(req.headers['idempotency-key']);
  const request = {
    call: `${req.method} ${req.routeOptions.url ?? ''}`,
    params: req.params ?? null,
    query: req.query ?? null,
    body: req.body ?? null,
  };
  const { body, replayed } = await once(
    db,
    user,
    key,
    request,
    (tx) => run(tx, user),
    atOnce && ((keep) => atOnce(user, keep)),
  );
  if (replayed) reply.header('idempotent-replayed', 'true');
  return body;
}

/** Forgets keys older than the TTL (the cleanup job). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
    );
}
