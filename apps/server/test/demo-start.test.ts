import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../src/db/client.js';
import { credentials } from '../src/db/schema.js';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../src/lib/demo-sign-ins.js';
import { hashPassword } from '../src/lib/tokens.js';
import { makeSchool, makeUser } from './helpers/factories.js';
import { testDatabaseUrl, withDatabase } from './helpers/pg-url.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * A database the real server entry can open (a PGlite data directory, or a PostgreSQL database
 * copied from the migrated template) holding one demo admin with the published password.
 */
let where: Record<string, string>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const url = testDatabaseUrl();
  if (url) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    where = { DATABASE_URL: withDatabase(url, name) };
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-start-'));
    where = { DATABASE_URL: '', DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const database = await openDatabase({
    databaseUrl: where.DATABASE_URL || undefined,
    dataDir: where.DATA_DIR,
  });
  try {
    await migrateDatabase(database);
    const school = await makeSchool(database.db);
    await makeUser(database.db, school, ['SCHOOL_ADMIN'], { username: DEMO_ADMIN });
    await database.db
      .update(credentials)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(credentials.username, DEMO_ADMIN));
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => drop?.());

/** Starts the real server entry; resolves with what it printed and its exit code (or kills it once it listens). */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, JOBS: 'false', PORT: '0', LOG_LEVEL: 'error', ...where, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('Listening on')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Never left running, whatever happens (a hung start fails the test by its exit code).
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr: stderr.trim(), stdout: stdout.trim() });
    });
  });
}

describe('a production server whose demo sign-ins work', () => {
  it('refuses to listen on every interface: one "Cannot start:" line, exit 1', async () => {
    const res = await start({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /^Cannot start: the demo sign-ins work \(published password demo1234\) and NODE_ENV is production, so the server listens only on a loopback address, not HOST=0\.0\.0\.0\. .*ALLOW_DEMO_IN_PRODUCTION=true\.$/,
    );
    expect(res.stdout).not.toContain('Listening on');
  }, 60_000);

  it('listens on loopback, and beyond it with ALLOW_DEMO_IN_PRODUCTION=true; prints the sign-ins each time', async () => {
    for (const env of <Record<string, string>[]>[
      { NODE_ENV: 'production', HOST: '127.0.0.1' },
      { NODE_ENV: 'production', HOST: '0.0.0.0', ALLOW_DEMO_IN_PRODUCTION: 'true' },
    ]) {
      const res = await start(env);
      expect(res.stdout).toContain('Demo sign-ins (password demo1234):');
      expect(res.stdout).toMatch(/Listening on http:\/\/(127\.0\.0\.1|localhost):\d+/);
      expect(res.stderr).not.toContain('Cannot start');
    }
  }, 120_000);
});
