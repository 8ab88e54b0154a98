import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';
import { testDatabaseUrl, withDatabase } from './pg-url.js';

/** On PostgreSQL, migrate one template database that every test file copies. */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) return;
  const template = `tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
