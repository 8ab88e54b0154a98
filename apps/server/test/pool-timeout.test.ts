import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isPoolTimeout } from '../src/db/client.js';
import { testDatabaseUrl } from './helpers/pg-url.js';

/*
 * A pool whose every connection is busy answers a waiting request with pg-pool's timeout; the
 * server turns that one error into 503 with Retry-After (a rush), every other into 500.
 */
describe('a pool with no connection free', () => {
  it.skipIf(!testDatabaseUrl())('is told apart from any other error', async () => {
    const pool = new pg.Pool({
      connectionString: testDatabaseUrl(),
      max: 1,
      connectionTimeoutMillis: 50,
    });
    const held = await pool.connect();
    try {
      const err = await pool.query('select 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(isPoolTimeout(err)).toBe(true);
      // As Drizzle throws it: its own error, with the pool's as the cause.
      expect(isPoolTimeout(new Error('Failed query: select 1', { cause: err }))).toBe(true);
      const other = await held.query('select * from no_such_table').then(
        () => null,
        (e: unknown) => e,
      );
      expect(other).toBeInstanceOf(Error);
      expect(isPoolTimeout(other)).toBe(false);
      expect(isPoolTimeout(new Error('Failed query: select 1', { cause: other }))).toBe(false);
    } finally {
      held.release();
      await pool.end();
    }
  });
});
