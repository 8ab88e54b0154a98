import { inArray } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { credentials } from '../apps/server/src/db/schema.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { startProfile } from './profile.js';
import { benchApp } from './setup.js';
import {
  bareServer,
  loadTurns,
  oneStatementServer,
  queryCounter,
  type Load,
  type Turn,
} from './load.js';

const COUNTED = 40;
/** Each read (and its baseline just before it) is loaded this many times: the figure is the median. */
export const READ_RUNS = 3;
/** Seconds of each load. */
export const READ_SECONDS = 3;
/** Sessions taking turns on each read: a hundred students (or a teacher's and the store's many). */
export const SESSIONS = 100;

/** Resolves once no statement has been sent to the database for 300 ms. */
async function quiet(): Promise<void> {
  for (let last = -1, still = 0; still < 3;) {
    await new Promise((r) => setTimeout(r, 100));
    still = queryCounter.count === last ? still + 1 : 0;
    last = queryCounter.count;
  }
}

/** One load of a read, and of its baseline just before it. */
interface ReadRun extends Load {
  baseline: Load;
}

interface ReadFigure {
  name: string;
  runs: ReadRun[];
  /** Statements sent to the database per answered request, one request at a time. */
  queriesPerRequest: number;
}

export interface ReadFigures {
  /** What each read is measured against: a bare Fastify hello world, or one prepared `select 1`. */
  baseline: 'hello world' | 'one statement';
  /** Where the one-statement server ran: in a process of its own (PostgreSQL) or in this one (PGlite). */
  baselineWhere: string;
  figures: ReadFigure[];
}

type Role = 'student' | 'teacher' | 'store';

/**
 * The read calls every screen makes, through the whole app (HTTP, session, permission check,
 * validation, serialization) on the demo school, with SESSIONS sessions taking turns (each
 * connection goes round them all), each loaded READ_RUNS times just after its baseline.
 * `answerCache` true: the server's default, against a bare Fastify hello world (in this process).
 * False: every answer computed by the database (ANSWER_CACHE_SECONDS=0), as on a first read or
 * right after a change to the school, against a bare Fastify sending one prepared `select 1`
 * through a pool of 10 (in its own process on PostgreSQL; on PGlite, in this one, on the same
 * database). `only`: the calls whose names contain one of these words (all when empty).
 */
export async function benchReads(
  database: Database,
  opts: { answerCache: boolean; only?: readonly string[] },
): Promise<ReadFigures> {
  await seedDemo(database.db); // and ANALYZE, as a real start-up does
  const app = await benchApp(database, {
    realLogger: true,
    ...(opts.answerCache ? {} : { answerCacheSeconds: 0 }),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = opts.answerCache ? await bareServer() : await oneStatementServer(database);
  try {
    const tokens = await demoSessions(database);
    const json = async (path: string, token: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers: { authtoken: token } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    // Each teacher's class page is their first class.
    const periodOf = new Map<string, string>();
    for (const t of new Set(tokens.teacher.map((s) => s.user))) {
      const token = tokens.teacher.find((s) => s.user === t)!.token;
      const [period] = (await json('/api/v1/periods', token)) as { _id: string }[];
      if (period) periodOf.set(t, period._id);
    }
    /** The role's sessions taking turns on `path` (`:p`: the session's teacher's first class). */
    const turns = (role: Role, path: string): Turn[] =>
      tokens[role]
        .filter((s) => !path.includes(':p') || periodOf.has(s.user))
        .map((s) => ({
          path: path.replace(':p', periodOf.get(s.user) ?? ''),
          headers: { authtoken: s.token },
        }));
    const all = readCalls(turns);
    const only = opts.only ?? [];
    const calls = only.length ? all.filter((c) => only.some((w) => c.name.includes(w))) : all;
    const figures: ReadFigure[] = [];
    if (!opts.answerCache) figures.push(await ceilingFigure(baseline.url));
    for (const c of calls) {
      await warmUp(base, c.turns);
      await loadTurns(base, c.turns, 1); // and a second under load (PGlite's WebAssembly tiers up)
      const runs: ReadRun[] = [];
      for (let i = 0; i < READ_RUNS; i++) {
        await quiet();
        const baselineLoad = await loadTurns(
          baseline.url,
          [{ path: '/', headers: {} }],
          READ_SECONDS,
        );
        const profile = i === 0 ? await startProfile() : null;
        const l = await loadTurns(base, c.turns, READ_SECONDS);
        await profile?.(
          `read-${opts.answerCache ? 'kept' : 'computed'}-${c.name.replace(/[^a-z0-9]+/gi, '-')}`,
        );
        if (l.failures) throw new Error(`${c.name}: ${l.failures} failed requests`);
        runs.push({ ...l, baseline: baselineLoad });
      }
      // Statements per request, counted one request at a time once the requests still in flight
      // from the load have finished (the session cache is warm, as under load).
      await quiet();
      const before = queryCounter.count;
      for (let i = 0; i < COUNTED; i++) {
        const t = c.turns[i % c.turns.length]!;
        await (await fetch(base + t.path, { headers: t.headers })).arrayBuffer();
      }
      figures.push({
        name: c.name,
        runs,
        queriesPerRequest: (queryCounter.count - before) / COUNTED,
      });
    }
    return {
      baseline: opts.answerCache ? 'hello world' : 'one statement',
      baselineWhere:
        database.kind === 'postgres'
          ? 'in its own process, a pool of 10'
          : 'in this process, on the same PGlite',
      figures,
    };
  } finally {
    await baseline.close();
    await app.close();
  }
}

/** The reads each screen makes (apps/web/src/routes/<screen>, the header and the session). */
function readCalls(turns: (role: Role, path: string) => Turn[]): { name: string; turns: Turn[] }[] {
  return [
    // every screen: the header and the session
    { name: 'status (with a token)', turns: turns('teacher', '/api/v1/status') },
    { name: 'store/meta (header, store)', turns: turns('student', '/api/v1/store/meta') },
    { name: 'surveys/pending', turns: turns('student', '/api/v1/surveys/pending') },
    // student home (dashboard) and My Activity
    {
      name: 'dashboard/stats (student)',
      turns: turns('student', '/api/v1/utility/student/dashboard/stats'),
    },
    {
      name: 'balance/stats (student)',
      turns: turns('student', '/api/v1/utility/student/balance/stats'),
    },
    { name: 'activity/ (student, 50)', turns: turns('student', '/api/v1/activity/') },
    // teacher: classes and a class page
    { name: 'periods (teacher)', turns: turns('teacher', '/api/v1/periods') },
    { name: 'periods/:id (class page)', turns: turns('teacher', '/api/v1/periods/:p') },
    {
      name: 'class-stats/:id (class page)',
      turns: turns('teacher', '/api/v1/activity/class-stats/:p'),
    },
    {
      name: 'group-types (class page)',
      turns: turns('teacher', '/api/v1/group-types?internalPeriodId=:p'),
    },
    {
      name: 'activity/ of a class (25)',
      turns: turns('teacher', '/api/v1/activity/?internalPeriodId=:p&limit=25'),
    },
    { name: 'activity/ (teacher, 50)', turns: turns('teacher', '/api/v1/activity/') },
    // store and orders
    { name: 'products/school-store', turns: turns('student', '/api/v1/products/school-store') },
    { name: 'cart (student)', turns: turns('student', '/api/v1/cart') },
    { name: 'order/student (My Orders)', turns: turns('student', '/api/v2/order/student') },
    { name: 'order/teacher/ (store orders)', turns: turns('store', '/api/v2/order/teacher/') },
    {
      name: 'order/store-manager/meta',
      turns: turns('store', '/api/v2/order/store-manager/meta'),
    },
  ];
}

/** The one-statement server itself against a bare Fastify hello world: how far one statement is from none. */
async function ceilingFigure(url: string): Promise<ReadFigure> {
  const bare = await bareServer();
  try {
    const runs: ReadRun[] = [];
    for (let i = 0; i < READ_RUNS; i++) {
      const bareLoad = await loadTurns(bare.url, [{ path: '/', headers: {} }], READ_SECONDS);
      runs.push({
        ...(await loadTurns(url, [{ path: '/', headers: {} }], READ_SECONDS)),
        baseline: bareLoad,
      });
    }
    return { name: 'one prepared select 1 (vs hello world)', runs, queriesPerRequest: 1 };
  } finally {
    await bare.close();
  }
}

/**
 * SESSIONS sessions of the demo school's students (student1 … student100), as many of its four
 * teachers' (spread over teacher1 … teacher4) and of the store's manager: each a sign-in of its own.
 */
async function demoSessions(
  database: Database,
): Promise<Record<Role, { user: string; token: string }[]>> {
  const db = database.db;
  const names = [
    ...Array.from({ length: SESSIONS }, (_, i) => `student${i + 1}`),
    'teacher1',
    'teacher2',
    'teacher3',
    'teacher4',
    'store',
  ];
  const rows = await db
    .select({
      username: credentials.username,
      schoolId: credentials.schoolId,
      userId: credentials.userId,
    })
    .from(credentials)
    .where(inArray(credentials.username, names));
  const byName = new Map(rows.map((r) => [r.username, r]));
  const sign = async (username: string) => {
    const c = byName.get(username);
    if (!c) throw new Error(`the demo school has no ${username}`);
    return { user: c.userId, token: (await createSession(db, c.schoolId, c.userId, 2)).token };
  };
  const teachers = ['teacher1', 'teacher2', 'teacher3', 'teacher4'];
  const many = (pick: (i: number) => string) =>
    Promise.all(Array.from({ length: SESSIONS }, (_, i) => sign(pick(i))));
  return {
    student: await many((i) => `student${i + 1}`),
    teacher: await many((i) => teachers[i % teachers.length]!),
    store: await many(() => 'store'),
  };
}

/** Warms a call up (JIT, prepared statements, caches), checking that every session's answer is 200. */
async function warmUp(base: string, turns: readonly Turn[]) {
  for (let i = 0; i < Math.max(50, turns.length); i++) {
    const t = turns[i % turns.length]!;
    const res = await fetch(base + t.path, { headers: t.headers });
    if (res.status !== 200) throw new Error(`${t.path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}
