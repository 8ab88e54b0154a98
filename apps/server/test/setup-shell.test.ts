import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { setupFromShell, ShellError } from '../src/modules/setup/shell.js';
import { testDatabaseUrl, withDatabase } from './helpers/pg-url.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The first start from a shell (`npm run setup`) and from a started server's log
 * (docs/decisions/075-setup-code.md), on the database the suite runs on.
 */
const ctx = useTestApp({ PUBLIC_URL: 'http://localhost:4105' });
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ARGS = [
  '--school',
  'Lincoln Middle School',
  '--code',
  'LINCOLN',
  '--timezone',
  'America/Chicago',
  '--admin-email',
  'Owner@Springfield.example.org',
  '--district',
  'Springfield District',
];

describe('setupFromShell', () => {
  it('refuses bad arguments with a clear message and writes nothing', async () => {
    const db = ctx.database.db;
    await expect(setupFromShell(db, ['--school', 'X'], 'http://x')).rejects.toThrow(ShellError);
    await expect(
      setupFromShell(
        db,
        [...ARGS.slice(0, 4), '--timezone', 'Mars/Base', ...ARGS.slice(6)],
        'http://x',
      ),
    ).rejects.toThrow(/timeZone/);
    expect((await call(ctx.app, 'GET', '/setup')).body).toEqual({ open: true });
  });

  it('makes district, school and owner on an empty database and gives a one-time link to choose the password', async () => {
    const made = await setupFromShell(ctx.database.db, ARGS, 'http://localhost:4105');
    expect(made.username).toBe('owner@springfield.example.org');
    const token = new URL(made.link).searchParams.get('token')!;
    expect(made.link).toMatch(/^http:\/\/localhost:4105\/account-setup\?token=/);
    const info = await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`);
    expect(info.body).toMatchObject({ needsUsername: false, username: made.username });
    const done = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, password: 'correct horse battery' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.roles).toEqual(['SUPER_ADMIN']);
    const login = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: made.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    // Once a school exists, the shell refuses too.
    await expect(
      setupFromShell(
        ctx.database.db,
        [...ARGS.slice(0, 2), '--code', 'OTHER', ...ARGS.slice(4)],
        'http://x',
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});

/** An empty database for a child process: a new PostgreSQL database from the template, or a PGlite directory. */
async function emptyDatabaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const url = testDatabaseUrl();
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'setup-test-'));
    return {
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  return {
    env: { DATABASE_URL: withDatabase(url, name) },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs a script of the server with tsx; resolves on exit, or when `until` matches the output so far. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  until?: RegExp,
): Promise<{ out: string; code: number | null; kill(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', JOBS: 'false', SEED_DEMO: 'false', ...env },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const done = (code: number | null) => resolve({ out, code, kill: () => child.kill() });
    const read = (b: Buffer) => {
      out += b.toString();
      if (until?.test(out)) done(null);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) => done(code));
  });
}

describe('spawned', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const d of drops) await d();
  });

  it('a server started on an empty database prints the setup code, and POST setup with it works', async () => {
    const db = await emptyDatabaseEnv();
    drops.push(db.drop);
    const server = await run(
      'apps/server/src/main.ts',
      [],
      { ...db.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '/nonexistent' },
      /Listening on (\S+)/,
    );
    try {
      const code = /setup code ([A-Z0-9-]+)/.exec(server.out)?.[1];
      expect(code, server.out).toBeDefined();
      const base = /Listening on (\S+)/.exec(server.out)![1]!;
      const res = await fetch(`${base}/api/v1/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          code,
          school: {
            name: 'Lincoln',
            code: 'LINCOLN',
            timeZone: 'America/Chicago',
            schoolType: 'Middle',
            storeModel: 'Pickup',
          },
          owner: {
            firstName: 'Pat',
            lastName: 'Lee',
            email: 'pat@example.org',
            username: 'pat',
            password: 'correct horse battery',
          },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    } finally {
      server.kill();
    }
  }, 120_000);

  it('npm run setup’s script sets up an empty database and prints the sign-in link', async () => {
    const db = await emptyDatabaseEnv();
    drops.push(db.drop);
    const res = await run('apps/server/src/modules/setup/setup-cli.ts', ARGS, {
      ...db.env,
      PUBLIC_URL: 'https://rewards.example.org',
    });
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/https:\/\/rewards\.example\.org\/account-setup\?token=[\w-]+/);
    const again = await run('apps/server/src/modules/setup/setup-cli.ts', ARGS, db.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already set up/);
  }, 120_000);
});
