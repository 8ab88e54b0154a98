import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startCluster, type Cluster } from '../../apps/server/src/cluster/launch.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { PASSWORD } from '../../apps/server/test/helpers/factories.js';
import { freePort } from '../helpers/server.js';
// The factories' module reads the server tests' provided context; its type comes from here.
import type {} from '../../apps/server/test/helpers/global-setup.js';

/*
 * The cluster tests (`npm run test:cluster`): API servers on a scratch PostgreSQL database of
 * their own behind HAProxy, started through apps/server/src/cluster/launch.ts like `npm run cluster`.
 */

/** The PostgreSQL server: DATABASE_URL (CI passes its own), else the machine's. */
const serverUrl = () =>
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** CLUSTER_PORT: HAProxy there and the servers on the ports after it; else free ports. */
async function ports(n: number): Promise<{ port: number; serverPorts: number[] }> {
  const base = Number(process.env.CLUSTER_PORT || 0);
  if (base) return { port: base, serverPorts: Array.from({ length: n }, (_, i) => base + 1 + i) };
  const all: number[] = [];
  while (all.length < n + 1) {
    const p = await freePort();
    if (!all.includes(p)) all.push(p);
  }
  return { port: all[0]!, serverPorts: all.slice(1) };
}

export interface ClusterContext {
  cluster: Cluster;
  /** The same database, for fixtures and for reading what the servers wrote. */
  database: Database;
  databaseUrl: string;
}

/** A fresh database and `servers` servers behind HAProxy for the file; all gone after it. */
export function useCluster(servers: number, env: NodeJS.ProcessEnv = {}): ClusterContext {
  const ctx = {} as ClusterContext;
  const name = `${process.env.CLUSTER_DB_PREFIX || 'cluster_'}${randomBytes(5).toString('hex')}`;
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    ctx.databaseUrl = withDatabase(serverUrl(), name);
    ctx.cluster = await startCluster({
      servers,
      databaseUrl: ctx.databaseUrl,
      host: '127.0.0.1',
      ...(await ports(servers)),
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    });
    ctx.database = await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 4 });
  });
  afterAll(async () => {
    await ctx.database?.close();
    await ctx.cluster?.stop();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });
  return ctx;
}

export interface Answer {
  status: number;
  /** The parsed JSON (or the text): tests read it field by field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One API call (`path` after /api/v1/, or a whole path from /); a network failure is status 0. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authtoken = opts.token;
  let body: string | Blob | undefined;
  if (opts.raw) body = new Blob([new Uint8Array(opts.raw)]);
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = path.startsWith('/') ? `${base}${path}` : `${base}/api/v1/${path}`;
  try {
    const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    return { status: 0, body: { message: String(err) } };
  }
}

/** Signs in (factory users' password) and answers the token. */
export async function login(base: string, username: string): Promise<string> {
  const res = await call(base, 'POST', 'auth/login', { body: { username, password: PASSWORD } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
