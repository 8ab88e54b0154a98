import type { Database } from '../apps/server/src/db/client.js';
import { credentials, users } from '../apps/server/src/db/schema.js';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/tokens.js';
import { makeSchool } from '../apps/server/test/helpers/factories.js';
import { benchApp } from './setup.js';

/** A school's morning from its one public address: this many students, spread evenly over this many seconds. */
const SIGN_IN_STUDENTS = 1000;
const SIGN_IN_SECONDS = Number(process.env.SIGN_IN_SECONDS ?? 120);
const PASSWORD = 'morning-1234';

export interface SignInFigure {
  ok: number;
  refused: number;
  failed: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** One password check alone (argon2id verify), the floor under every sign-in. */
  verifyMs: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * 1,000 different students signing in with the right password from 127.0.0.1 over two minutes,
 * through a real HTTP listener on loopback; counts every 429 and every other failure. The goal is
 * none of either (docs/decisions/064-shared-address-sign-in-limits.md): a school's shared address is not one attacker.
 */
export async function benchSignIns(database: Database): Promise<SignInFigure> {
  const db = database.db;
  const school = await makeSchool(db);
  const hash = await hashPassword(PASSWORD);
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: SIGN_IN_STUDENTS }, (_, i) => ({
        schoolId: school.id,
        externalId: `M${i}`,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        roles: ['STUDENT'],
        gradeLevel: '7',
      })),
    )
    .returning({ id: users.id });
  await db.insert(credentials).values(
    students.map((s, i) => ({
      username: `morning-${i}`,
      schoolId: school.id,
      userId: s.id,
      passwordHash: hash,
    })),
  );

  const verifyStart = performance.now();
  for (let i = 0; i < 10; i++) await verifyPassword(hash, PASSWORD);
  const verifyMs = (performance.now() - verifyStart) / 10;

  const app = await benchApp(database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const gap = (SIGN_IN_SECONDS * 1000) / SIGN_IN_STUDENTS;
    const latencies: number[] = [];
    let ok = 0;
    let refused = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: SIGN_IN_STUDENTS }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * gap));
        const t = performance.now();
        try {
          const res = await fetch(`${base}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: `morning-${i}`, password: PASSWORD }),
            signal: AbortSignal.timeout(60_000),
          });
          await res.arrayBuffer();
          if (res.status === 200) ok++;
          else if (res.status === 429) refused++;
          else failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t);
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      ok,
      refused,
      failed,
      p50Ms: pct(latencies, 50),
      p95Ms: pct(latencies, 95),
      p99Ms: pct(latencies, 99),
      verifyMs,
    };
  } finally {
    await app.close();
  }
}

export function printSignIns(label: string, f: SignInFigure): void {
  console.log(
    `\n${label}: ${SIGN_IN_STUDENTS} students signing in from one address over ${SIGN_IN_SECONDS} s`,
  );
  console.log(`  signed in ${f.ok}  refused (429) ${f.refused}  other failures ${f.failed}`);
  console.log(
    `  POST auth/login  p50 ${f.p50Ms.toFixed(0)} ms  p95 ${f.p95Ms.toFixed(0)} ms  p99 ${f.p99Ms.toFixed(0)} ms;  one password check alone ${f.verifyMs.toFixed(0)} ms (p50 ${(f.p50Ms / f.verifyMs).toFixed(2)}x of it)`,
  );
}
