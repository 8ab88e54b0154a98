import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';

/** Load settings for every read call: the same for the bare server and the app. */
export const CONNECTIONS = 50;
export const SECONDS = 5;

export interface Load {
  /** Requests per second (mean over the run). */
  rps: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx, plus socket errors and timeouts. */
  failures: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Loads `url` with autocannon in a child process (its own event loop, like a separate client on
 * the same machine), so the server under test keeps this process's event loop to itself.
 */
export function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = SECONDS,
): Promise<Load> {
  const args = [autocannonBin, '-j', '-n', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      try {
        const r = JSON.parse(out);
        resolve({
          rps: r.requests.average,
          p99Ms: r.latency.p99,
          requests: r.requests.total,
          failures: r.non2xx + r.errors + r.timeouts,
        });
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

/** A bare Fastify hello world in this process: the ceiling for the app. */
export async function bareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  await load(url, {}, 1); // warm up
  return { url, close: () => app.close() };
}

/**
 * A bare Fastify whose one route sends one prepared `select 1` through the app's database handle
 * (the same pool, or PGlite): the ceiling for a read that answers in one statement.
 */
export async function loadOneStatement(database: Database): Promise<Load> {
  const one = database.db
    .select({ one: sql<number>`1` })
    .from(sql`(select 1) as t`)
    .prepare('bench_select_one');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: (await one.execute())[0]!.one }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await load(url, {}, 1); // warm up
    return await load(url);
  } finally {
    await app.close();
  }
}

/**
 * Counts the statements the app sends to the database: every pg client query (pool clients are
 * pg.Client) and every PGlite query/exec (drizzle's PGlite driver calls query).
 */
export const queryCounter = { count: 0 };
let installed = false;
export function countQueries(): void {
  if (installed) return;
  installed = true;
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    queryCounter.count++;
    return (pgQuery as any).apply(this, args);
  } as any;
  for (const method of ['query', 'exec'] as const) {
    const original = PGlite.prototype[method];
    (PGlite.prototype as any)[method] = function (this: PGlite, ...args: any[]) {
      queryCounter.count++;
      return (original as any).apply(this, args);
    };
  }
}
