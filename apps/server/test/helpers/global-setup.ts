import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';
import { testDatabaseUrl, withDatabase } from './pg-url.js';

/**
 * One migrated template that every test file copies: a database on PostgreSQL; on PGlite, a dump of
 * a migrated data directory (a file loads in a fraction of a new cluster's initdb and migrations).
 */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
    const database = await openDatabase({});
    try {
      await migrateDatabase(database);
      const pglite = (database as typeof database & { pglite: PGlite }).pglite;
      const dump = await pglite.dumpDataDir('none');
      await writeFile(path.join(dir, 'migrated.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', path.join(dir, 'migrated.tar'));
    project.provide('pgTemplate', undefined);
    return () => rm(dir, { recursive: true, force: true });
  }
  const template = `tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgTemplate', template);
  project.provide('pgliteTemplate', undefined);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
