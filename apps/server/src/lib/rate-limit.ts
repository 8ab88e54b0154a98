import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { msg } from '@app/domain';
import type { Db, Queryable } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from './errors.js';

/*
 * Rate limits counted in the database, so every server of a deployment shares them and parallel
 * requests cannot race. Each (key, window length) has one row: the current window's start and its
 * hits. A hit is one `INSERT … ON CONFLICT DO UPDATE … RETURNING hits`, which PostgreSQL
 * serialises per row: it starts a new window (hits = 1) when the stored one has ended, else adds
 * one. A window opens at a key's first hit and lasts `windowSeconds`; times are the database's.
 */

/** At most `max` hits on `key` within a window of `windowSeconds`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** The window a hit was counted in, to give the hit back later. */
export interface Held {
  key: string;
  windowSeconds: number;
  /** The window's start, in whole seconds since the epoch. */
  windowStart: number;
}

/** 429 'Please try after few minutes.'; `retryAfter` is the seconds until the refusing window ends. */
class RateLimited extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, msg('msg.tryLater'));
  }
}

const windowEnd = sql`${rateLimits.windowStart} + make_interval(secs => ${rateLimits.windowSeconds})`;
const ended = sql`${windowEnd} <= now()`;

/** `key`'s window of `windowSeconds`, if it has not ended. */
const current = (key: string, windowSeconds: number) =>
  and(eq(rateLimits.key, key), eq(rateLimits.windowSeconds, windowSeconds), sql`not (${ended})`);

const inOrder = (a: Limit, b: Limit) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowSeconds - b.windowSeconds;

/**
 * Counts one hit on every limit, all or none. In one transaction each counter is incremented,
 * keys in one fixed order so that concurrent calls cannot deadlock; if any counter then exceeds
 * its limit, the transaction rolls back (a refused request counts nowhere) and RateLimited is
 * thrown. Otherwise returns the windows the hit was counted in.
 */
export async function hit(db: Db, limits: Limit[]): Promise<Held[]> {
  for (const l of limits) {
    if (!Number.isInteger(l.windowSeconds) || l.windowSeconds < 1)
      throw new Error(`bad rate-limit window ${l.windowSeconds}`);
  }
  const sorted = [...limits].sort(inOrder);
  return db.transaction(async (tx) => {
    const held: Held[] = [];
    let retryAfter = 0;
    for (const l of sorted) {
      const [row] = await tx
        .insert(rateLimits)
        .values({
          key: l.key,
          windowSeconds: l.windowSeconds,
          windowStart: sql`date_trunc('second', now())`,
          hits: 1,
        })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowSeconds],
          // Both expressions read the stored row, so a window that has ended restarts at one hit.
          set: {
            windowStart: sql`case when ${ended} then date_trunc('second', now()) else ${rateLimits.windowStart} end`,
            hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
          },
        })
        .returning({
          hits: rateLimits.hits,
          windowStart: sql<number>`extract(epoch from ${rateLimits.windowStart})::bigint`,
          secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${windowEnd} - now())))::int`,
        });
      if (row!.hits > l.max) retryAfter = Math.max(retryAfter, Number(row!.secondsLeft));
      held.push({
        key: l.key,
        windowSeconds: l.windowSeconds,
        windowStart: Number(row!.windowStart),
      });
    }
    if (retryAfter > 0) throw new RateLimited(retryAfter); // rolls the increments back
    return held;
  });
}

/** Counts one hit on each key with no ceiling: for limits whose hits are known only after the fact (see `refuseIfFull`). */
export async function count(db: Db, keys: string[], windowSeconds: number): Promise<void> {
  await hit(
    db,
    keys.map((key) => ({ key, max: Number.POSITIVE_INFINITY, windowSeconds })),
  );
}

/** Throws RateLimited when `limit`'s current window already holds `max` hits or more; counts nothing. */
export async function refuseIfFull(db: Queryable, limit: Limit): Promise<void> {
  const [row] = await db
    .select({
      hits: rateLimits.hits,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${windowEnd} - now())))::int`,
    })
    .from(rateLimits)
    .where(current(limit.key, limit.windowSeconds));
  if (row && row.hits >= limit.max) throw new RateLimited(Number(row.secondsLeft));
}

/** The row of a held window, if that window is still the current one. */
const sameWindow = (h: Held) =>
  and(
    eq(rateLimits.key, h.key),
    eq(rateLimits.windowSeconds, h.windowSeconds),
    eq(rateLimits.windowStart, sql`to_timestamp(${h.windowStart}::bigint)`),
  );

/** Takes `n` hits back from a held window if it is still current (never below zero). */
export async function giveBack(db: Queryable, held: Held, n = 1): Promise<void> {
  if (n <= 0) return;
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - ${n}::int, 0)` })
    .where(sameWindow(held));
}

/** Takes `n` hits back from `key`'s current window (never below zero). */
export async function giveBackCurrent(
  db: Queryable,
  key: string,
  windowSeconds: number,
  n: number,
): Promise<void> {
  if (n <= 0) return;
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - ${n}::int, 0)` })
    .where(current(key, windowSeconds));
}

/** Forgets `key`'s current window; returns how many hits it had (0 when none). */
export async function clearCurrent(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(current(key, windowSeconds))
    .returning({ hits: rateLimits.hits });
  return rows.reduce((n, r) => n + r.hits, 0);
}

/** Forgets a held window if it is still current; returns how many hits it had. */
export async function clear(db: Queryable, held: Held): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(sameWindow(held))
    .returning({ hits: rateLimits.hits });
  return rows.reduce((n, r) => n + r.hits, 0);
}

/** Sets Retry-After when the error is a refusal, then rethrows it: `.catch(withRetryAfter(reply))`. */
export const withRetryAfter =
  (reply: FastifyReply) =>
  (err: unknown): never => {
    if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfter));
    throw err;
  };

/** Housekeeping: counters whose window has ended. */
export async function purgeRateLimits(db: Queryable): Promise<void> {
  await db.delete(rateLimits).where(ended);
}
