import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../src/db/client.js';
import { testDatabaseUrl, withDatabase } from './helpers/pg-url.js';

const pgUrl = testDatabaseUrl();

describe.skipIf(!pgUrl)('servers starting at once on an empty PostgreSQL database', () => {
  it('migrate it once: none fails on what another created', async () => {
    const name = `m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = withDatabase(pgUrl!, name);
    const dbs = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(dbs.map((d) => migrateDatabase(d)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const { rows } = await dbs[0]!.executeSql(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      expect(rows[0].n).toBe(rows[0].d);
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
