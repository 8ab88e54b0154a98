import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client.js';
import { parseEnv } from '../apps/server/src/env.js';

/** A fresh migrated database: PGlite in memory, or a new database on the PostgreSQL server at `url`. */
/** `poolSize`: connections of the pg pool on PostgreSQL; 'default': the server's own default. */
export async function benchDatabase(
  url?: string,
  poolSize: number | 'default' = 20,
): Promise<Database> {
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: u.toString(),
    poolSize: poolSize === 'default' ? undefined : poolSize,
  });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The app on `database`, without jobs. `realLogger`: the default LOG_LEVEL and logging set-up of a
 * real server, written to /dev/null (so its cost is in the figures but not on the screen).
 * `answerCacheSeconds`: ANSWER_CACHE_SECONDS (unset: the server's default).
 */
export async function benchApp(
  database: Database,
  opts: { realLogger?: boolean; answerCacheSeconds?: number } = {},
) {
  const env = parseEnv({
    NODE_ENV: 'production',
    JOBS: 'false',
    WEB_DIST: '/nonexistent',
    API_DOCS: 'false',
    ...(opts.answerCacheSeconds === undefined
      ? {}
      : { ANSWER_CACHE_SECONDS: String(opts.answerCacheSeconds) }),
    ...(opts.realLogger ? {} : { LOG_LEVEL: 'silent' }),
  });
  const logger = opts.realLogger
    ? { level: env.LOG_LEVEL, stream: createWriteStream('/dev/null') }
    : false;
  const app = await buildApp({ database, env, logger });
  await app.ready();
  return app;
}
