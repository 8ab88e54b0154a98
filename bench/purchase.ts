import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import { orders, users } from '../apps/server/src/db/schema.js';
import { ledgerDrift } from '../apps/server/src/ledger/drift.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { makeSchool, type UserRow } from '../apps/server/test/helpers/factories.js';
import { fund, makeProduct } from '../apps/server/test/helpers/store.js';
import { startProfile } from './profile.js';
import { benchApp } from './setup.js';

/** Concurrent buyers (HTTP clients), each a different student, as on a store day. */
export const BUYERS = 100;
export const PURCHASE_SECONDS = 10;
/** pgbench clients: as many as the app's pool has connections (the database sees no more from the app). */
export const PGBENCH_CLIENTS = 10;

/** Runs of the load (each beside its own pgbench run): the figures are their median and spread. */
const PURCHASE_RUNS = 3;

interface PurchaseRun {
  ordersPerSecond: number;
  p99Ms: number;
  failed: number;
  booksBalance: boolean;
  pgbenchTps: number;
  /** The server process's CPU time (user + system) per answered order: less noisy than a rate on a shared machine. */
  serverCpuMsPerOrder: number;
}

export interface PurchaseFigure {
  runs: PurchaseRun[];
}

const run = promisify(execFile);

/** pgbench's built-in TPC-B-like script on a scratch database of the same server. */
async function pgbenchTps(url: string): Promise<number> {
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    await run('pgbench', ['-i', '-q', '-s', '1', u.toString()]);
    const { stdout } = await run('pgbench', [
      '-c',
      String(PGBENCH_CLIENTS),
      '-j',
      '2',
      '-T',
      String(PURCHASE_SECONDS),
      u.toString(),
    ]);
    const tps =
      /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ??
      /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps: ${stdout.slice(0, 300)}`);
    return Number(tps[1]);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * One run: the load client for PURCHASE_SECONDS, the orders counted and the books checked after
 * it, then pgbench on the same server. With BENCH_CPU_PROFILE=<dir>, the server's process (this
 * one) is profiled during the load and the profile written there (`<dir>/purchases-<run>.cpuprofile`).
 */
async function purchaseRun(
  db: Database['db'],
  schoolId: string,
  orderUrl: string,
  file: string,
  url: string,
  index: number,
): Promise<PurchaseRun> {
  const [before] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.schoolId, schoolId));
  const client = fileURLToPath(new URL('./purchase-client.ts', import.meta.url));
  globalThis.gc?.();
  const profile = await startProfile();
  const cpu0 = process.cpuUsage();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', client, orderUrl, String(PURCHASE_SECONDS), file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`purchase client exited ${code}`)),
    );
  });
  const cpu = process.cpuUsage(cpu0);
  await profile?.(`purchases-${index + 1}`);
  const r = JSON.parse(out) as {
    ok: number;
    failed: number;
    firstFailures: string[];
    p99Ms: number;
  };
  if (r.failed) console.warn(`  ${r.failed} purchases failed, e.g. ${r.firstFailures.join(' | ')}`);
  const [after] = await db.select({ n: count() }).from(orders).where(eq(orders.schoolId, schoolId));
  const drift = await ledgerDrift(db, schoolId);
  // BENCH_CPU_SPLIT=1: each run's server CPU split into user and system time.
  if (process.env.BENCH_CPU_SPLIT)
    console.log(
      `  run ${index + 1}: ${r.ok} orders, server CPU user ${(cpu.user / 1000).toFixed(0)} ms + system ${(cpu.system / 1000).toFixed(0)} ms`,
    );
  return {
    ordersPerSecond: r.ok / PURCHASE_SECONDS,
    p99Ms: r.p99Ms,
    failed: r.failed,
    booksBalance: after!.n - before!.n === r.ok && drift.length === 0,
    serverCpuMsPerOrder: (cpu.user + cpu.system) / 1000 / Math.max(1, r.ok),
    pgbenchTps: await pgbenchTps(url),
  };
}

/**
 * Orders per second through the whole app (HTTP, session, validation, one transaction locking the
 * wallet, stock update, ledger, rollup) with BUYERS students buying at once, on PostgreSQL; then
 * pgbench on the same server. Checks afterwards that every answered order is in the database
 * and that wallets still equal their ledgers.
 */
export async function benchPurchases(database: Database, url: string): Promise<PurchaseFigure> {
  const db = database.db;
  const school = await makeSchool(db);
  const students = (await db
    .insert(users)
    .values(
      Array.from({ length: BUYERS }, (_, i) => ({
        schoolId: school.id,
        externalId: `P${i}`,
        firstName: `Buyer${i}`,
        lastName: 'Bench',
        roles: ['STUDENT'],
        gradeLevel: '8',
      })),
    )
    .returning()) as UserRow[];
  await fund(db, school, students, 1_000_000);
  const product = await makeProduct(db, school, { name: 'Pencil', price: 1, stock: null });
  const tokens = await Promise.all(
    students.map(async (s) => (await createSession(db, school.id, s.id, 1)).token),
  );

  const app = await benchApp(database, { realLogger: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const file = path.join(os.tmpdir(), `purchase-bench-${randomBytes(4).toString('hex')}.json`);
  try {
    const orderUrl = `${base}/api/v2/order`;
    for (const token of tokens.slice(0, 5)) {
      const res = await fetch(orderUrl, {
        method: 'POST',
        headers: { authtoken: token, 'content-type': 'application/json' },
        body: JSON.stringify({ orderItems: [{ productId: product.id, quantity: 1 }] }),
      });
      if (res.status !== 200)
        throw new Error(`a purchase failed: ${res.status} ${await res.text()}`);
    }
    await writeFile(file, JSON.stringify({ tokens, productId: product.id }));
    const runs: PurchaseRun[] = [];
    for (let i = 0; i < PURCHASE_RUNS; i++)
      runs.push(await purchaseRun(db, school.id, orderUrl, file, url, i));
    return { runs };
  } finally {
    await rm(file, { force: true });
    await app.close();
  }
}
