import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { BackupError, restoreDatabase } from '../src/db/backup.js';
import { migrateDatabase, openDatabase, type Database, type Db } from '../src/db/client.js';
import { credentials, schools, wallets } from '../src/db/schema.js';
import { parseEnv } from '../src/env.js';
import { ledgerDrift } from '../src/ledger/drift.js';
import { imageStorage } from '../src/lib/storage.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { testDatabaseUrl, withDatabase } from './helpers/pg-url.js';
import { freshDatabase } from './helpers/test-db.js';
import { call } from './helpers/test-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const pgUrl = testDatabaseUrl();
const scratch = mkdtempSync(path.join(tmpdir(), 'backup-test-'));

/** Runs one of the CLIs as `npm run backup|restore` does, with DATABASE_URL or DATA_DIR naming the database. */
async function cli(name: 'backup' | 'restore', args: string[], target: Record<string, string>) {
  const env = { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '', ...target };
  try {
    const r = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/db/${name}-cli.ts`, ...args],
      { cwd: ROOT, env },
    );
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Everything a restore must bring back as it was: the sign-ins and the wallets. */
async function snapshot(db: Db) {
  return {
    credentials: await db
      .select({ u: credentials.username, h: credentials.passwordHash, id: credentials.userId })
      .from(credentials)
      .orderBy(asc(credentials.username)),
    wallets: await db.select().from(wallets).orderBy(asc(wallets.schoolId), asc(wallets.studentId)),
  };
}

let source: Database;
let sourceTarget: Record<string, string>;
let before: Awaited<ReturnType<typeof snapshot>>;
/** A picture kept before the backup (docs/decisions/098-pictures-in-the-database.md): the backup holds it. */
let picture = '';
const PICTURE = Buffer.from('picture bytes, \u0000 and all');
let target: Record<string, string>;
let dropTarget: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (pgUrl) {
    source = await freshDatabase();
    sourceTarget = { DATABASE_URL: source.url! };
    const name = `r_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    target = { DATABASE_URL: withDatabase(pgUrl, name) };
    dropTarget = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dataDir = path.join(scratch, 'source');
    source = await openDatabase({ dataDir });
    await migrateDatabase(source);
    sourceTarget = { DATA_DIR: dataDir };
    target = { DATA_DIR: path.join(scratch, 'restored') };
  }
  await seedDemo(source.db);
  before = await snapshot(source.db);
  const [school] = await source.db.select().from(schools).orderBy(asc(schools.externalId));
  picture = `${school!.id}/${randomUUID()}.webp`;
  await imageStorage({}, source.db).put(picture, PICTURE, 'image/webp');
  // PGlite's data directory is one process's: the backup opens it once the server has let go.
  if (!pgUrl) await source.close();
}, 180_000);

afterAll(async () => {
  if (pgUrl) await source?.close();
  await dropTarget?.();
});

describe('npm run backup, then npm run restore into an empty database', () => {
  let file = '';

  it('backup writes one file, readable by its owner only, and prints its absolute path', async () => {
    const out = path.join(scratch, 'out');
    // Even an umask that takes nothing away leaves the backup owner-only (issue 31, L3).
    const umask = process.umask(0);
    const r = await cli('backup', [out], sourceTarget).finally(() => process.umask(umask));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    file = r.stdout.trim();
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.dirname(file)).toBe(out);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('restore loads it; every wallet equals its ledger and every sign-in is back', async () => {
    const r = await cli('restore', [file], target);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const restored = await openDatabase({
      databaseUrl: target.DATABASE_URL,
      dataDir: target.DATA_DIR,
    });
    try {
      const db = restored.db;
      const all = await db.select().from(schools);
      expect(all.map((s) => s.externalId).sort()).toEqual(['DEMO', 'OTHER']);
      for (const s of all) expect(await ledgerDrift(db, s.id)).toEqual([]);
      const after = await snapshot(db);
      expect(after.wallets.length).toBeGreaterThan(100);
      expect(after).toEqual(before);

      // The server starts on the restored database (migrations find nothing to do) and signs people in.
      await migrateDatabase(restored);
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS: 'false',
        WEB_DIST: '/nonexistent',
        DATA_DIR: path.join(scratch, 'images'),
      });
      const app = await buildApp({ database: restored, env, logger: false });
      try {
        for (const username of [
          'admin',
          'teacher1',
          'student1',
          'store',
          'other-admin',
          'district',
        ]) {
          const res = await call(app, 'POST', '/auth/login', {
            payload: { username, password: DEMO_PASSWORD },
          });
          expect(res.status, username).toBe(200);
        }
        const res = await call(app, 'POST', '/auth/login', {
          payload: { username: 'admin', password: 'not-the-password' },
        });
        expect(res.status).toBe(401);
        // The pictures came back with the rest.
        const served = await app.inject({ method: 'GET', url: `/uploads/${picture}` });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PICTURE)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('restore refuses a database that is no longer empty, and says so', async () => {
    const r = await cli('restore', [file], target);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not empty/);
  }, 60_000);

  it("restore refuses a file that is not a backup, and the other engine's backup", async () => {
    const junk = path.join(scratch, 'junk.dump');
    writeFileSync(junk, 'hello');
    const empty = { dataDir: path.join(scratch, 'never') };
    await expect(restoreDatabase(empty, junk)).rejects.toThrow(/not a backup/);
    const other = pgUrl
      ? { dataDir: path.join(scratch, 'never') }
      : { databaseUrl: 'postgres://x/y', dataDir: '' };
    await expect(restoreDatabase(other, file)).rejects.toBeInstanceOf(BackupError);
    await expect(restoreDatabase(other, file)).rejects.toThrow(
      pgUrl ? /PostgreSQL backup/ : /PGlite backup/,
    );
    expect(existsSync(path.join(scratch, 'never'))).toBe(false);
  });
});
