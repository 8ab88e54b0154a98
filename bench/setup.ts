import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client.js';
import { parseEnv } from '../apps/server/src/env.js';

/** A fresh migrated database: PGlite in memory, or a new database on the PostgreSQL server at `url`. */
export async function benchDatabase(url?: string): Promise<Database> {
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
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
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

export async function benchApp(database: Database) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ database, env, logger: false });
  await app.ready();
  return app;
}

/** Median of `runs` timings of fn, in milliseconds. */
export async function median(runs: number, fn: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
