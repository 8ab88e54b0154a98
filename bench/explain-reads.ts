/**
 * The statements of the read calls, each with PostgreSQL's EXPLAIN (ANALYZE, BUFFERS), on the demo
 * school in a scratch database: what the database spends on a read, beside what the server does.
 * `DATABASE_URL=postgres://… node --import tsx bench/explain-reads.ts [word …]` (calls whose path
 * holds a word; the four of issue 37 when none).
 */
import pg from 'pg';
import { credentials } from '../apps/server/src/db/schema.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { inArray } from 'drizzle-orm';
import { benchApp, benchDatabase } from './setup.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL server');
const CALLS: [role: string, path: string][] = [
  ['teacher1', '/api/v1/periods'],
  ['student1', '/api/v1/utility/student/balance/stats'],
  ['student1', '/api/v1/activity/'],
  ['student1', '/api/v1/store/meta'],
  ['teacher1', '/api/v1/activity/'],
  ['store', '/api/v2/order/teacher/'],
  ['student1', '/api/v1/utility/student/dashboard/stats'],
];
const words = process.argv.slice(2);
const calls = words.length
  ? CALLS.filter(([, p]) => words.some((w) => p.includes(w)))
  : CALLS.slice(0, 4);

const database = await benchDatabase(url, 'default');
const captured: { text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
let capturing = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
  const q = args[0];
  if (capturing && q && typeof q === 'object' && 'text' in q)
    captured.push({ text: q.text, values: q.values ?? args[1] ?? [] });
  else if (capturing && typeof q === 'string') captured.push({ text: q, values: args[1] ?? [] });
  return (original as any).apply(this, args);
} as any;
try {
  await seedDemo(database.db);
  const app = await benchApp(database, { answerCacheSeconds: 0 });
  const users = await database.db
    .select()
    .from(credentials)
    .where(inArray(credentials.username, ['teacher1', 'student1', 'store']));
  const token = new Map<string, string>();
  for (const c of users)
    token.set(c.username, (await createSession(database.db, c.schoolId, c.userId, 1)).token);
  const client = new pg.Client({
    connectionString: database.url,
    options: '-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=16MB',
  });
  await client.connect();
  for (const [who, path] of calls) {
    const headers = { authtoken: token.get(who)! };
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: path, headers }); // warm, session cached
    captured.length = 0;
    capturing = true;
    const res = await app.inject({ method: 'GET', url: path, headers });
    capturing = false;
    console.log(
      `\n### GET ${path} as ${who}: ${res.statusCode}, ${res.body.length} bytes, ${captured.length} statement(s)`,
    );
    for (const q of captured) {
      // Run it a few times first, as a pooled connection would have.
      const run = (text: string) =>
        (original as (t: string, v: unknown[]) => Promise<pg.QueryResult>).call(
          client,
          text,
          q.values,
        );
      for (let i = 0; i < 6; i++) await run(q.text);
      const plan = await run(`explain (analyze, buffers) ${q.text}`);
      const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
      console.log('```');
      console.log(lines.join('\n'));
      console.log('```');
    }
  }
  await client.end();
  await app.close();
} finally {
  await database.close();
}
