import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Database } from '../apps/server/src/db/client.js';

/** A one-route bare Fastify sending one prepared `select 1` through `database`'s handle. */
export function oneStatementApp(database: Database) {
  const one = database.db
    .select({ one: sql<number>`1` })
    .from(sql`(select 1) as t`)
    .prepare('bench_select_one');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: (await one.execute())[0]!.one }));
  return app;
}
