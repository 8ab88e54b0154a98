import type { Database } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { benchApp } from './setup.js';
import { bareServer, load, loadOneStatement, queryCounter, type Load } from './load.js';

const COUNTED = 40;

/** Resolves once no statement has been sent to the database for 300 ms. */
async function quiet(): Promise<void> {
  for (let last = -1, still = 0; still < 3;) {
    await new Promise((r) => setTimeout(r, 100));
    still = queryCounter.count === last ? still + 1 : 0;
    last = queryCounter.count;
  }
}

export interface ReadFigure extends Load {
  name: string;
  /** The bare Fastify loaded just before this call (the machine is shared: its load drifts). */
  bare: Load;
  /** Statements sent to the database per answered request during the run. */
  queriesPerRequest: number;
}

/**
 * The read calls every screen makes, through the whole app (HTTP, session, permission check,
 * validation, serialization) on the demo school, each loaded like the bare server. `answerCache`
 * false: every answer computed by the database (ANSWER_CACHE_SECONDS=0), as on a first read or
 * right after a change to the school.
 */
export async function benchReads(
  database: Database,
  opts: { answerCache: boolean },
): Promise<ReadFigure[]> {
  await seedDemo(database.db); // and ANALYZE, as a real start-up does
  const app = await benchApp(database, {
    realLogger: true,
    ...(opts.answerCache ? {} : { answerCacheSeconds: 0 }),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await bareServer();
  try {
    const signIn = (username: string) => demoSignIn(app, username);
    const teacher = await signIn('teacher1');
    const student = await signIn('student1');
    const store = await signIn('store');
    const json = async (path: string, token: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers: { authtoken: token } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [period] = (await json('/api/v1/periods', teacher)) as { _id: string }[];
    const p = period!._id;
    // The reads each screen makes (apps/web/src/routes/<screen>, the header and the session).
    const calls = [
      // every screen: the header and the session
      { name: 'status (with a token)', path: '/api/v1/status', token: teacher },
      { name: 'store/meta (header, store)', path: '/api/v1/store/meta', token: student },
      { name: 'surveys/pending', path: '/api/v1/surveys/pending', token: student },
      // student home (dashboard) and My Activity
      {
        name: 'dashboard/stats (student)',
        path: '/api/v1/utility/student/dashboard/stats',
        token: student,
      },
      {
        name: 'balance/stats (student)',
        path: '/api/v1/utility/student/balance/stats',
        token: student,
      },
      { name: 'activity/ (student, 50)', path: '/api/v1/activity/', token: student },
      // teacher: classes and a class page
      { name: 'periods (teacher)', path: '/api/v1/periods', token: teacher },
      { name: 'periods/:id (class page)', path: `/api/v1/periods/${p}`, token: teacher },
      {
        name: 'class-stats/:id (class page)',
        path: `/api/v1/activity/class-stats/${p}`,
        token: teacher,
      },
      {
        name: 'group-types (class page)',
        path: `/api/v1/group-types?internalPeriodId=${p}`,
        token: teacher,
      },
      {
        name: 'activity/ of a class (25)',
        path: `/api/v1/activity/?internalPeriodId=${p}&limit=25`,
        token: teacher,
      },
      { name: 'activity/ (teacher, 50)', path: '/api/v1/activity/', token: teacher },
      // store and orders
      { name: 'products/school-store', path: '/api/v1/products/school-store', token: student },
      { name: 'cart (student)', path: '/api/v1/cart', token: student },
      { name: 'order/student (My Orders)', path: '/api/v2/order/student', token: student },
      { name: 'order/teacher/ (store orders)', path: '/api/v2/order/teacher/', token: store },
      { name: 'order/store-manager/meta', path: '/api/v2/order/store-manager/meta', token: store },
    ];
    const figures: ReadFigure[] = [];
    {
      const bareLoad = await load(bare.url);
      const one = await loadOneStatement(database);
      figures.push({
        name: 'bare Fastify + one select 1',
        ...one,
        bare: bareLoad,
        queriesPerRequest: 1,
      });
    }
    for (const c of calls) {
      const headers = { authtoken: c.token };
      await warmUp(base + c.path, headers);
      await load(base + c.path, headers, 1); // and a second under load (PGlite's WebAssembly tiers up)
      await quiet();
      const bareLoad = await load(bare.url);
      const l = await load(base + c.path, headers);
      if (l.failures) throw new Error(`${c.name}: ${l.failures} failed requests`);
      // Statements per request, counted one request at a time once the requests still in flight
      // from the load have finished (the session cache is warm, as under load).
      await quiet();
      const before = queryCounter.count;
      for (let i = 0; i < COUNTED; i++)
        await (await fetch(base + c.path, { headers })).arrayBuffer();
      figures.push({
        name: c.name,
        ...l,
        bare: bareLoad,
        queriesPerRequest: (queryCounter.count - before) / COUNTED,
      });
    }
    return figures;
  } finally {
    await bare.close();
    await app.close();
  }
}

/** A demo user's session token. */
async function demoSignIn(app: Awaited<ReturnType<typeof benchApp>>, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** Warms a call up (JIT, prepared statements, caches), checking that it answers 200. */
async function warmUp(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}
