import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import * as schema from './schema.js';

/** Every table of the app's schema. */
const appTables: PgTable[] = (Object.values(schema) as unknown[]).filter((t): t is PgTable =>
  is(t, PgTable),
);

const names = (tables: PgTable[]) =>
  sql.join(
    tables.map((t) => sql.identifier(getTableName(t))),
    sql`, `,
  );

/**
 * VACUUM (ANALYZE) of `tables`, by default every table of the app: the planner's statistics, and
 * the visibility map that lets index-only scans (student counts, roster look-ups) skip the table.
 * Call it after a bulk write — the demo seed, a roster or ledger import — once it has committed
 * (VACUUM cannot run inside a transaction).
 */
export async function vacuumAnalyze(db: Db, tables: PgTable[] = appTables): Promise<void> {
  if (tables.length) await db.execute(sql`vacuum (analyze) ${names(tables)}`);
}
