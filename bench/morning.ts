import { randomUUID } from 'node:crypto';
import type { Database } from '../apps/server/src/db/client.js';
import { credentials, periods, periodStudents, users } from '../apps/server/src/db/schema.js';
import { MAX_FAILURES_PER_USER_ADDRESS } from '../apps/server/src/lib/sign-in-limits.js';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/tokens.js';
import { makeSchool, type UserRow } from '../apps/server/test/helpers/factories.js';
import { schoolDay, typeByName } from '../apps/server/test/helpers/economy.js';
import { fund, makeProduct } from '../apps/server/test/helpers/store.js';
import { benchApp } from './setup.js';

/** One school's morning and lunch, from the school's one public address (127.0.0.1 here). */
const STUDENTS = 1000;
const TEACHERS = 60;
/**
 * The morning's length (students' sign-ins spread evenly over it) and the lunch rush's: 120 s and
 * 60 s. Shorter for a quick run (MORNING_SECONDS, LUNCH_SECONDS): then as many students sign in
 * and buy as keep the same rate (1,000 per 120 s, 300 per 60 s).
 */
const MORNING_SECONDS = Number(process.env.MORNING_SECONDS ?? 120);
const LUNCH_SECONDS = Number(process.env.LUNCH_SECONDS ?? 60);
const SIGN_INS = Math.min(STUDENTS, Math.round((STUDENTS * MORNING_SECONDS) / 120));
const BUYERS = Math.min(SIGN_INS, Math.round((300 * LUNCH_SECONDS) / 60));
/** A teacher gives, then reads the class page again, every 3 to 6 seconds. */
const TEACHER_PAUSE_MS = [3000, 6000] as const;
/** Wrong passwords sent at once at one account, from the school's address, a quarter into the morning. */
const GUESSES = 30;
const PASSWORD = 'morning-1234';

interface Call {
  latencies: number[];
  ok: number;
  tooMany: number;
  errors: number;
  firstError?: string;
}

export interface MorningFigure {
  calls: [name: string, call: Call][];
  /** The guesses that reached the password check (401) and those refused before it (429). */
  guessesChecked: number;
  guessesRefused: number;
  guessesOther: number;
  /** One password check alone (argon2id verify) just before the morning: the floor under every sign-in, and how busy the machine is. */
  verifyMs: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A school of STUDENTS students (one extra, never signed in, is the guessing target) and TEACHERS teachers, each with one class, in a few bulk statements. */
async function buildSchool(database: Database) {
  const db = database.db;
  const school = await makeSchool(db);
  const hash = await hashPassword(PASSWORD);
  const person = (prefix: string, role: string) => (_: unknown, i: number) => ({
    schoolId: school.id,
    externalId: `${prefix}${i}`,
    firstName: `${prefix}First${i}`,
    lastName: `Last${i}`,
    roles: [role],
    gradeLevel: role === 'STUDENT' ? String(6 + (i % 3)) : null,
  });
  const students = (await db
    .insert(users)
    .values(Array.from({ length: STUDENTS + 1 }, person('S', 'STUDENT')))
    .returning()) as UserRow[];
  const teachers = (await db
    .insert(users)
    .values(Array.from({ length: TEACHERS }, person('T', 'TEACHER')))
    .returning()) as UserRow[];
  const username = (u: UserRow) => `morning-${u.externalId.toLowerCase()}`;
  await db.insert(credentials).values(
    [...students, ...teachers].map((u) => ({
      username: username(u),
      schoolId: school.id,
      userId: u.id,
      passwordHash: hash,
    })),
  );
  const classes = await db
    .insert(periods)
    .values(
      teachers.map((t, i) => ({
        schoolId: school.id,
        teacherId: t.id,
        externalTeacherId: t.externalId,
        name: `Class ${i + 1}`,
        periodNumber: 1 + (i % 8),
        sectionNumbers: [String(i + 1)],
      })),
    )
    .returning({ id: periods.id });
  const pupils = students.slice(0, STUDENTS);
  // Each student in one class, the classes about equal (1,000 / 60: 16 or 17 each).
  await db.insert(periodStudents).values(
    pupils.map((s, i) => ({
      schoolId: school.id,
      periodId: classes[i % TEACHERS]!.id,
      studentId: s.id,
    })),
  );
  await fund(db, school, pupils, 1000);
  const pencil = await makeProduct(db, school, { name: 'Pencil', price: 5, stock: null });
  const snack = await makeProduct(db, school, { name: 'Snack', price: 10, stock: 600 });
  return {
    school,
    pupils: pupils.map((s) => ({ username: username(s) })),
    target: username(students[STUDENTS]!),
    teachers: teachers.map((t, i) => ({
      username: username(t),
      periodId: classes[i]!.id,
      classIds: pupils.filter((_, j) => j % TEACHERS === i).map((s) => s.externalId),
    })),
    typeId: (await typeByName(db, school, 'Helping others')).id,
    day: await schoolDay(db, school),
    products: [pencil.id, snack.id],
  };
}

/**
 * 1,000 students of one school signing in over MORNING_SECONDS from one address while 60
 * teachers sign in, give to a few of their class every few seconds and read their class page
 * (the four reads it makes) again; a quarter into the morning, 30 wrong passwords at once at one
 * account from the same address; then 300 of the students buying (two items, with an
 * Idempotency-Key, as the web does) over LUNCH_SECONDS while the teachers go on. Every call
 * through a real HTTP listener on loopback; counts every 429 and every other failure.
 */
export async function benchMorning(database: Database): Promise<MorningFigure> {
  const s = await buildSchool(database);
  const hash = await hashPassword(PASSWORD);
  const verifyStart = performance.now();
  for (let i = 0; i < 5; i++) await verifyPassword(hash, PASSWORD);
  const verifyMs = (performance.now() - verifyStart) / 5;
  const app = await benchApp(database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const calls = new Map<string, Call>();
  const send = caller(base, calls);
  const signIn = async (name: string, username: string) =>
    (
      await send(name, 'POST', '/api/v1/auth/login', {
        body: { username, password: PASSWORD },
      })
    ).json?.token;

  const start = performance.now();
  const lunchAt = MORNING_SECONDS * 1000;
  const endAt = lunchAt + LUNCH_SECONDS * 1000;
  const elapsed = () => performance.now() - start;
  const waitUntil = (ms: number) => sleep(Math.max(0, ms - elapsed()));

  const teacherDays = s.teachers.map(async (t, i) => {
    // The teachers arrive over the first half of the morning.
    await waitUntil((i * lunchAt) / 2 / TEACHERS);
    const token = await signIn('POST auth/login (teacher)', t.username);
    if (!token) return;
    const readClass = () => readClassPage(send, t.periodId, token);
    await readClass();
    for (let n = 0; elapsed() < endAt; n++) {
      const [lo, hi] = TEACHER_PAUSE_MS;
      await sleep(lo + Math.random() * (hi - lo));
      if (elapsed() >= endAt) break;
      const few = t.classIds.filter((_, j) => (j + n) % 5 === 0).slice(0, 4);
      await send('POST activity/bulk', 'POST', '/api/v1/activity/bulk', {
        token,
        key: true,
        body: {
          externalStudentIds: few,
          activityTypes: [s.typeId],
          internalPeriodId: t.periodId,
          date: s.day,
        },
      });
      await readClass();
    }
  });

  const tokens: (string | undefined)[] = [];
  const studentMornings = s.pupils.slice(0, SIGN_INS).map(async (p, i) => {
    await waitUntil((i * lunchAt) / SIGN_INS);
    tokens[i] = await signIn('POST auth/login (student)', p.username);
  });

  let guesses: number[] = [];
  const attack = (async () => {
    await waitUntil(lunchAt / 4);
    guesses = await Promise.all(
      Array.from({ length: GUESSES }, async (_, i) => {
        return guess(base, s.target, i);
      }),
    );
  })();

  await Promise.all(studentMornings);
  const lunch = Array.from({ length: BUYERS }, async (_, i) => {
    await waitUntil(lunchAt + (i * LUNCH_SECONDS * 1000) / BUYERS);
    const token = tokens[i];
    if (!token) return;
    await send('POST order (2 items)', 'POST', '/api/v2/order', {
      token,
      key: true,
      body: { orderItems: s.products.map((productId) => ({ productId, quantity: 1 })) },
    });
  });
  try {
    await Promise.all([...teacherDays, ...lunch, attack]);
  } finally {
    await app.close();
  }
  for (const c of calls.values()) c.latencies.sort((a, b) => a - b);
  return {
    calls: [...calls],
    guessesChecked: guesses.filter((g) => g === 401).length,
    guessesRefused: guesses.filter((g) => g === 429).length,
    guessesOther: guesses.filter((g) => g !== 401 && g !== 429).length,
    verifyMs,
  };
}

export function printMorning(label: string, f: MorningFigure): void {
  console.log(
    `\n${label}: a school morning (${SIGN_INS} of ${STUDENTS} students signing in over ${MORNING_SECONDS} s from one address, ${TEACHERS} teachers giving and reading their class page every 3-6 s) and lunch (${BUYERS} students buying over ${LUNCH_SECONDS} s)`,
  );
  console.log(
    `  ${'call'.padEnd(30)} ${'calls'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'429'.padStart(5)} ${'errors'.padStart(6)}`,
  );
  let tooMany = 0;
  let errors = 0;
  for (const [name, c] of f.calls) {
    tooMany += c.tooMany;
    errors += c.errors;
    const ms = (p: number) => `${pct(c.latencies, p).toFixed(0)} ms`.padStart(7);
    console.log(
      `  ${name.padEnd(30)} ${String(c.latencies.length).padStart(6)} ${ms(50)} ${ms(95)} ${ms(99)} ${String(c.tooMany).padStart(5)} ${String(c.errors).padStart(6)}${c.firstError ? `  e.g. ${c.firstError}` : ''}`,
    );
  }
  console.log(
    `  all the school's calls: ${tooMany} answered 429, ${errors} errors (goal: 0 and 0)`,
  );
  console.log(`  one password check alone, just before the morning: ${f.verifyMs.toFixed(0)} ms`);
  console.log(
    `  ${GUESSES} wrong passwords at once at one account from the same address: ${f.guessesChecked} checked (401), ${f.guessesRefused} refused (429)${f.guessesOther ? `, ${f.guessesOther} other` : ''} (goal: at most ${MAX_FAILURES_PER_USER_ADDRESS} checked)`,
  );
}

/** A call through the listener at `base`, counted under its name in `calls`: latency, 2xx, 429, other failures. */
function caller(base: string, calls: Map<string, Call>) {
  return async (
    name: string,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; key?: boolean } = {},
  ): Promise<{ status: number; json?: { token?: string } }> => {
    const c = calls.get(name) ?? { latencies: [], ok: 0, tooMany: 0, errors: 0 };
    calls.set(name, c);
    const t = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          ...(opts.token ? { authtoken: opts.token } : {}),
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.key ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      c.latencies.push(performance.now() - t);
      if (res.status >= 200 && res.status < 300) c.ok++;
      else if (res.status === 429) c.tooMany++;
      else {
        c.errors++;
        c.firstError ??= `${res.status} ${text.slice(0, 120)}`;
      }
      return {
        status: res.status,
        json: res.ok ? (JSON.parse(text) as { token?: string }) : undefined,
      };
    } catch (err) {
      c.latencies.push(performance.now() - t);
      c.errors++;
      const cause = (err as { cause?: unknown }).cause;
      c.firstError ??= `${String(err)}${cause ? ` (${String(cause)})` : ''}`;
      return { status: 0 };
    }
  };
}

/** One wrong password at `username`: the answer's status. */
async function guess(base: string, username: string, i: number): Promise<number> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: `wrong-${i}` }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The four reads of the class page. */
const readClassPage = (send: ReturnType<typeof caller>, periodId: string, token: string) =>
  Promise.all([
    send('GET periods/:id', 'GET', `/api/v1/periods/${periodId}`, { token }),
    send('GET activity/class-stats/:id', 'GET', `/api/v1/activity/class-stats/${periodId}`, {
      token,
    }),
    send('GET group-types', 'GET', `/api/v1/group-types?internalPeriodId=${periodId}`, { token }),
    send(
      'GET activity/ (class, 25)',
      'GET',
      `/api/v1/activity/?internalPeriodId=${periodId}&limit=25`,
      {
        token,
      },
    ),
  ]);
