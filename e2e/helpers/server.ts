import { spawn, type ChildProcess } from 'node:child_process';
import { E2E_NOW } from './clock.js';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface TestServer {
  baseURL: string;
  /** What the server printed so far (its last 20,000 characters): e.g. the first start's setup code. */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const STARTUP_TIMEOUT_MS = 90_000;
const OUTPUT_LIMIT = 20_000;

/** The PostgreSQL server to run on, if any (TEST_DATABASE_URL, else DATABASE_URL); PGlite otherwise. */
const postgresUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** Whether this run's servers use the PostgreSQL server rather than the embedded database. */
export const onPostgres = (): boolean => postgresUrl() !== undefined;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The demo school as a server seeds it at E2E_NOW, made once per run by e2e/helpers/global-setup.ts
 * (a PostgreSQL database's name, or a PGlite data directory): each test file's server starts on a
 * copy of it instead of seeding its own, which saves most of a start.
 */
export const DEMO_TEMPLATE_ENV = 'E2E_DEMO_TEMPLATE';
const demoTemplate = (): string | undefined => process.env[DEMO_TEMPLATE_ENV] || undefined;

export interface Database {
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/**
 * A fresh database: a new PostgreSQL database, or a new PGlite data directory; empty, or with
 * `demo` a copy of the seeded demo when the run made one (else empty, and the server seeds it). A
 * test that starts a second server on the same database (a later CLOCK) passes its `env` to
 * startServer.
 */
export async function freshDatabase({ demo = false } = {}): Promise<Database> {
  const url = postgresUrl();
  const template = demo ? demoTemplate() : undefined;
  if (!url) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
    if (template) await cp(template, dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: withDatabase(url, name) },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The files index.html loads, which a complete build has. */
async function missingAssets(dist: string): Promise<string[]> {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return ['index.html'];
  const html = await readFile(index, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  return refs.filter((ref) => !existsSync(path.join(dist, ref)));
}

/**
 * A private copy of the built web app, so that a rebuild of apps/web/dist while the tests run
 * (vite empties it first) cannot pull the pages from under them.
 */
async function copyWebDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-web-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  for (let attempt = 0; attempt < 30; attempt++) {
    if ((await missingAssets(WEB_DIST)).length === 0) {
      await rm(dir, { recursive: true, force: true });
      await cp(WEB_DIST, dir, { recursive: true });
      if ((await missingAssets(dir)).length === 0) return { dir, remove };
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await remove();
  throw new Error(
    `No complete web build in ${WEB_DIST} (missing ${(await missingAssets(WEB_DIST)).join(', ')}): run npm run build.`,
  );
}

const running = new Set<ChildProcess>();
const killAll = () => {
  for (const child of running) child.kill('SIGKILL');
};
process.once('exit', killAll);
// A signal ends this process without 'exit': kill the servers first, then die of the signal as before.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  const onSignal = () => {
    killAll();
    process.removeListener(signal, onSignal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on(signal, onSignal);
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForStatus(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/v1/status`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The server did not answer /api/v1/status within ${STARTUP_TIMEOUT_MS / 1000} s (${last}):\n${output()}`,
  );
}

/**
 * Starts the built app (`npm run build` first) as a child process on a free port with a fresh
 * database, and waits until it answers. `stop()` ends it and removes the database.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  // A test may choose the port (one a provider redirects back to must be known before the start).
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const web = await copyWebDist();
  // A test that brings its database keeps it; otherwise a fresh one, the seeded demo's copy when
  // this start would seed the same demo (at E2E_NOW).
  const ownDatabase = extraEnv.DATABASE_URL !== undefined || extraEnv.DATA_DIR !== undefined;
  const seedsTheDemo = extraEnv.SEED_DEMO === undefined && extraEnv.CLOCK === undefined;
  const database = ownDatabase
    ? { env: {}, drop: async () => undefined }
    : await freshDatabase({ demo: seedsTheDemo }).catch(async (err: unknown) => {
        await web.remove();
        throw err;
      });
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The survey card would sit above every screen the tests read; e2e/settings.test.ts turns it on.
      SURVEYS: 'false',
      CLOCK: E2E_NOW,
      ...database.env,
      WEB_DIST: web.dir,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.once('exit', () => running.delete(child));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    running.delete(child);
    await Promise.all([database.drop(), web.remove()]);
  };

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForStatus(baseURL, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, output: () => output, stop };
}
