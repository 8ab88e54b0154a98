import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import { oneStatementApp } from './one-statement-app.js';

/** Load settings for every read call: the same for the bare server and the app. */
export const CONNECTIONS = 50;
const SECONDS = 5;

export interface Load {
  /** Requests per second (mean over the run). */
  rps: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx, plus socket errors and timeouts. */
  failures: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** A child process's stdout once it exits with 0, else its exit code and stderr as the error. */
function outputOf(child: ChildProcess, what: string): Promise<{ out: string; err: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${what} exited ${code}: ${err}`));
      else resolve({ out, err });
    });
  });
}

/**
 * Loads `url` with autocannon in a child process (its own event loop, like a separate client on
 * the same machine), so the server under test keeps this process's event loop to itself.
 */
function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Load> {
  const args = [autocannonBin, '-j', '-n', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return outputOf(child, 'autocannon').then(({ out, err }) => {
    try {
      const r = JSON.parse(out);
      return {
        rps: r.requests.average,
        p99Ms: r.latency.p99,
        requests: r.requests.total,
        failures: r.non2xx + r.errors + r.timeouts,
      };
    } catch {
      throw new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`);
    }
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

/** One request of a load that takes turns: its path (and query) and headers (a session's token). */
export interface Turn {
  path: string;
  headers: Record<string, string>;
}

/**
 * Loads `url` + each turn's path with CONNECTIONS connections for `seconds`, every connection
 * going round all the turns (many sessions taking turns), with autocannon in a child process
 * (bench/turns-client.ts), so the server under test keeps this process's event loop.
 */
export function loadTurns(url: string, turns: readonly Turn[], seconds = SECONDS): Promise<Load> {
  const client = fileURLToPath(new URL('./turns-client.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', client], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(
    JSON.stringify({
      url: url.replace(/\/$/, ''),
      requests: turns,
      connections: CONNECTIONS,
      seconds,
    }),
  );
  return outputOf(child, 'the load client').then(({ out, err }) => {
    try {
      return JSON.parse(out) as Load;
    } catch {
      throw new Error(`the load client printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`);
    }
  });
}

/**
 * The ceiling of a read that answers in one statement: a bare Fastify whose one route sends one
 * prepared `select 1`. On PostgreSQL in a process of its own with a pool of 10 connections
 * (bench/one-statement-server.ts), as a server of its own would; on PGlite (which one process
 * holds) in this one, on `database`.
 */
export async function oneStatementServer(
  database: Database,
): Promise<{ url: string; close: () => Promise<void> }> {
  if (database.kind !== 'postgres' || !database.url) {
    const app = oneStatementApp(database);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await load(url, {}, 1); // warm up
    return { url, close: () => app.close() };
  }
  const script = fileURLToPath(new URL('./one-statement-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, database.url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = /^(http\S+)\n/m.exec(out);
      if (line) resolve(line[1]!);
    });
    child.on('error', reject);
    child.on('close', (code) => reject(new Error(`the one-statement server exited ${code}`)));
  });
  await load(url, {}, 1); // warm up
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        child.stdin.end();
      }),
  };
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
