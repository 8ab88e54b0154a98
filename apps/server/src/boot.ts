import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { migrateDatabase, openDatabase, type Database } from './db/client.js';
import type { Env } from './env.js';
import { startJobs } from './jobs/queue.js';
import { isEmpty, seedDemo } from './seed/demo.js';

export interface Running {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/** Opens and migrates the database, seeds an empty one, builds the app and starts the jobs. */
export async function boot(env: Env): Promise<Running> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  await migrateDatabase(database);
  const app = await buildApp({ database, env });
  if (env.SEED_DEMO && (await isEmpty(database.db))) {
    const lines = await seedDemo(database.db);
    app.log.info('seeded the demo schools');
    console.log(lines.join('\n'));
  }
  const boss = env.JOBS ? await startJobs(database, app.log) : null;
  let stopped = false;
  return {
    app,
    database,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await boss?.stop({ graceful: true, timeout: 5000 });
      await database.close();
    },
  };
}
