import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client.js';
import { testDatabaseUrl, withDatabase } from './pg-url.js';

/** Provided by global-setup.ts: the migrated template database's name on PostgreSQL. */
declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    /** The migrated PGlite data directory's dump (a tar file), on PGlite. */
    pgliteTemplate: string | undefined;
  }
}

/**
 * A fresh database for one test file: a copy of the migrated template on PostgreSQL, else a new
 * in-memory PGlite loaded from the migrated dump (migrating again finds nothing to do).
 */
export async function freshDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    const dump = inject('pgliteTemplate');
    const database = await openDatabase(
      dump ? { loadDataDir: new Blob([await readFile(dump)]) } : {},
    );
    await migrateDatabase(database);
    return database;
  }
  const template = inject('pgTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
