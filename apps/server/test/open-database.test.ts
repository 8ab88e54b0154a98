import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { DatabaseOpenError, describePostgresError, whereOf } from '../src/db/open-error.js';
import { testDatabaseUrl, withDatabase } from './helpers/pg-url.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Starts the real server entry with `env` and returns what it printed and how it ended. */
function start(env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      JOBS: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stderr: res.stderr.trim(), stdout: res.stdout.trim() };
}

describe('a database that cannot be opened', () => {
  it('PostgreSQL not listening: one line that says where, then exit 1', () => {
    const res = start({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:5999/app' });
    expect(res.status).toBe(1);
    expect(res.stderr).toBe(
      'Cannot start: cannot reach PostgreSQL at 127.0.0.1:5999: connection refused',
    );
    expect(res.stderr + res.stdout).not.toContain('secret');
  }, 60_000);

  it.runIf(testDatabaseUrl())(
    'a database that does not exist: says which, then exit 1',
    () => {
      const res = start({ DATABASE_URL: withDatabase(testDatabaseUrl()!, 'no_such_db_here') });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(
        /^Cannot start: PostgreSQL at [^ ]+: database no_such_db_here does not exist$/,
      );
    },
    60_000,
  );

  it('an embedded data directory that cannot be made: says where, then exit 1', () => {
    const file = path.join(tmpdir(), `not-a-dir-${process.pid}`);
    writeFileSync(file, 'x');
    const res = start({ DATA_DIR: path.join(file, 'data') });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(
      new RegExp(`^Cannot start: cannot open the embedded database in ${file}/data: ENOTDIR`),
    );
  }, 60_000);

  it('openDatabase throws a DatabaseOpenError, not a driver error', async () => {
    await expect(
      openDatabase({ databaseUrl: 'postgres://u@127.0.0.1:5999/x' }),
    ).rejects.toBeInstanceOf(DatabaseOpenError);
  });
});

describe('describePostgresError', () => {
  const url = 'postgres://me:pw@db.internal:6543/merits';
  it.each([
    [{ code: 'ECONNREFUSED' }, 'cannot reach PostgreSQL at db.internal:6543: connection refused'],
    [{ code: 'ENOTFOUND' }, 'cannot reach PostgreSQL at db.internal:6543: host not found'],
    [
      Object.assign(new AggregateError([]), { errors: [{ code: 'ECONNREFUSED' }] }),
      'cannot reach PostgreSQL at db.internal:6543: connection refused',
    ],
    [
      new Error('Connection terminated due to connection timeout'),
      'cannot reach PostgreSQL at db.internal:6543: timed out',
    ],
    [
      { code: '3D000', message: 'database "merits" does not exist' },
      'PostgreSQL at db.internal:6543: database merits does not exist',
    ],
    [
      { code: '28P01', message: 'password authentication failed\nfor user "me"' },
      'PostgreSQL at db.internal:6543: password authentication failed for user "me"',
    ],
  ])('%o → %s', (err, line) => {
    expect(describePostgresError(err, url)).toBe(line);
  });

  it('never prints the password, and defaults the port', () => {
    expect(whereOf('postgres://me:pw@localhost/x')).toBe('localhost:5432');
    expect(whereOf('not a url')).toBe('the DATABASE_URL given (not a valid URL)');
  });
});
