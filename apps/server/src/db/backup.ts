import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { chmod, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { whereOf } from './open-error.js';

const run = promisify(execFile);

/** Where a backup is read from or written to: DATABASE_URL (PostgreSQL), else the PGlite DATA_DIR. */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

/** A refusal the CLIs print as one line (no stack): wrong file, non-empty target, missing tools. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The PostgreSQL major version whose client tools (pg_dump, pg_restore) the project expects. */
const PG_MAJOR = 15;
const MISSING_TOOLS = `install the PostgreSQL ${PG_MAJOR} client tools (Debian/Ubuntu: apt-get install -y postgresql-client-${PG_MAJOR})`;

/** A backup holds every account's data: only its owner may read it, whatever the umask. */
const BACKUP_MODE = 0o600;

/**
 * Makes `file` (new, empty, owner-only) and runs `write` into it; chmod afterwards, so neither an
 * umask nor a tool that recreates the file leaves it readable by others (issue 31, L3). A failed
 * write leaves no file.
 */
async function ownerOnly(file: string, write: () => Promise<void>): Promise<void> {
  await writeFile(file, '', { mode: BACKUP_MODE, flag: 'wx' });
  try {
    await write();
    await chmod(file, BACKUP_MODE);
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}

/**
 * Writes one backup file of the database into `outDir` and answers its absolute path:
 * `pg_dump -Fc` on PostgreSQL, PGlite's own dump of its data directory (a .tar.gz) otherwise.
 * The file is readable by its owner only (0600).
 */
export async function backupDatabase(target: BackupTarget, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (target.databaseUrl) {
    const file = path.resolve(outDir, `school-rewards-${stamp}.dump`);
    const { env, url } = libpqEnv(target.databaseUrl);
    await checkTools('pg_dump', url, env);
    await ownerOnly(file, () =>
      tool('pg_dump', ['-Fc', '--no-owner', '--no-privileges', '-f', file, '-d', url], env),
    );
    return file;
  }
  const dataDir = path.resolve(target.dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`No database in DATA_DIR ${dataDir}: nothing to back up.`);
  const file = path.resolve(outDir, `school-rewards-${stamp}.tar.gz`);
  const client = new PGlite({ dataDir });
  try {
    await client.waitReady;
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await ownerOnly(file, () => writeFile(file, bytes, { mode: BACKUP_MODE }));
  } finally {
    await client.close();
  }
  return file;
}

/** What a backup file holds, read from its first bytes. */
async function kindOf(file: string): Promise<'postgres' | 'pglite'> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`Cannot read the backup file ${file}.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a backup written by npm run backup.`);
}

/**
 * Loads a backup into the empty database the target names, and refuses any other: a PostgreSQL
 * database with a table in it, a DATA_DIR with a file in it, a file of the other engine.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  const kind = await kindOf(file);
  const want = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== want)
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup: set DATABASE_URL to an empty PostgreSQL database to restore it.`
        : `${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to an empty directory to restore it.`,
    );
  if (target.databaseUrl) {
    const { env, url } = libpqEnv(target.databaseUrl);
    const tables = await tableCount(target.databaseUrl);
    if (tables > 0)
      throw new BackupError(
        `The database at ${whereOf(target.databaseUrl)} is not empty (${tables} tables): restore only into an empty database.`,
      );
    await checkTools('pg_restore', url, env);
    await tool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '-d', url, file],
      env,
    );
    return;
  }
  const dataDir = path.resolve(target.dataDir);
  if (existsSync(dataDir) && (!statSync(dataDir).isDirectory() || readdirSync(dataDir).length))
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty or new directory.`,
    );
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: new Blob([await readFile(file)]) });
  try {
    await client.waitReady;
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

/** Tables in the database outside PostgreSQL's own schemas. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The URL without its password, which goes to the tools in PGPASSWORD so no process list shows it. */
function libpqEnv(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const env = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { url: u.toString(), env };
}

/** pg_dump/pg_restore must exist and be at least the server's major version (they refuse a newer server). */
async function checkTools(name: string, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  let version: string;
  try {
    version = (await run(name, ['--version'], { env })).stdout;
  } catch {
    throw new BackupError(`${name} was not found: ${MISSING_TOOLS}.`);
  }
  const toolMajor = Number(/(\d+)(\.\d+)?/.exec(version)?.[1]);
  const client = new pg.Client({ connectionString: url, password: env.PGPASSWORD });
  await client.connect();
  const serverMajor = Math.floor(
    Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000,
  );
  await client.end();
  if (toolMajor < serverMajor)
    throw new BackupError(
      `${name} ${toolMajor} cannot work with PostgreSQL ${serverMajor}: install the client tools of version ${serverMajor} or later.`,
    );
}

async function tool(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(name, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    throw new BackupError(`${name} failed: ${(e.stderr || e.message || '').trim()}`);
  }
}
