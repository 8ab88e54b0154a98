import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

/** Milliseconds the database took to answer `select 1`; throws when it does not answer. */
export async function databaseRoundTrip(db: Queryable): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round(performance.now() - started);
}
