import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  pgliteChangesHeard,
  pgliteListen,
  postgresListen,
  type ChangesHeard,
  type Listen,
  type ListenLog,
} from './notifications.js';
import { DatabaseOpenError, describePgliteError, describePostgresError } from './open-error.js';
import * as schema from './schema.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` where they may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

/** The rows `execute` answered, typed: both drivers answer `{ rows }` (drizzle types them apart). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Plain SQL runner used by pg-boss and benchmarks, the same on both drivers. */
type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** Connection string for pg-boss on PostgreSQL; undefined on PGlite. */
  url?: string;
  /** LISTEN on a channel (every server hears a NOTIFY sent on the same database). */
  listen: Listen;
  /** Resolves once every change notice committed before the call has been heard here. */
  changesHeard: ChangesHeard;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string;
  /** PGlite snapshot to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Where the LISTEN connection (PostgreSQL) logs a loss and a failed reconnect. */
  log?: ListenLog;
}

/**
 * A request that waited CONNECT_TIMEOUT_MS for one of the pool's connections: the server is
 * overloaded, not broken (pg-pool says so only in its message).
 */
export const isPoolTimeout = (err: unknown): boolean =>
  err instanceof Error &&
  (/^timeout exceeded when trying to connect/i.test(err.message) ||
    // Drizzle wraps a query's error ("Failed query: …") with the pool's as its cause.
    (err.cause !== err && isPoolTimeout(err.cause)));

/**
 * The app's connections' settings (PostgreSQL's startup `options`): no JIT, no parallel workers
 * (docs/decisions/119-no-jit-no-parallel-workers.md), and room to aggregate a school's rows in
 * memory, which the planner over-estimates from the whole district
 * (docs/decisions/122-work-mem-for-a-school.md).
 */
const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=16MB';

/** How long a new PostgreSQL connection may take before the attempt fails. */
const CONNECT_TIMEOUT_MS = 10_000;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Every statement reads one school's rows. In a district's large tables the planner's costs
      // grow with the tables, not with the school, and cross the thresholds where it compiles a
      // statement (JIT) or starts parallel workers: a school's year report took 53–108 ms for
      // 15 alone (docs/decisions/119-no-jit-no-parallel-workers.md). An `options` in
      // DATABASE_URL replaces this.
      options: SESSION_OPTIONS,
    });
    pool.on('error', () => {}); // idle client errors surface on the next query instead
    // Fail here, in one line, rather than later in the first migration's stack.
    await pool.query('select 1').catch(async (err) => {
      await pool.end().catch(() => {});
      throw new DatabaseOpenError(describePostgresError(err, opts.databaseUrl!), { cause: err });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const notifications = postgresListen(opts.databaseUrl, opts.log);
    return {
      kind: 'postgres',
      db,
      url: opts.databaseUrl,
      executeSql: (text, values) => pool.query(text, values as any[]),
      listen: notifications.listen,
      changesHeard: notifications.changesHeard,
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  try {
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
    await client.waitReady;
  } catch (err) {
    throw new DatabaseOpenError(describePgliteError(err, opts.dataDir), { cause: err });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // pg-boss sends multi-statement scripts without parameters; only exec() runs those on PGlite.
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows as any[] };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as any[] };
    },
    listen: pgliteListen(client),
    changesHeard: pgliteChangesHeard,
    close: () => client.close(),
    pglite: client,
  } as Database & { pglite: PGlite };
}

/** The session advisory lock that lets one server at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK = 7400002;

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind !== 'postgres') return migratePglite(database.db as any, config);
  // Servers starting at once would each create the migrations table and run the same migrations
  // (the losers fail on a duplicate key): one migrates, the others wait and find nothing left to do
  // (docs/decisions/099-three-servers-behind-haproxy.md). The lock is held on a connection of its own.
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as any, config);
  } finally {
    // Ending the session releases the lock whatever happened.
    await lock.end();
  }
}
