import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { migrateDatabase, openDatabase, type Database, type Db } from './db/client.js';
import { shouldSeedDemo, type Env } from './env.js';
import { startJobs } from './jobs/queue.js';
import { imageStorage } from './lib/storage.js';
import { applySsoEnv } from './modules/identity/sso.js';
import { DEMO_PASSWORD, demoSignInsPresent, isEmpty, seedDemo } from './seed/demo.js';

export interface Running {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

export const DEMO_IN_PRODUCTION_WARNING =
  `DEMO SIGN-INS ARE ACTIVE IN PRODUCTION: the demo accounts, school admins included, sign in with the published ` +
  `password ${DEMO_PASSWORD}. Do not expose this server: start on a database without the demo ` +
  `(SEED_DEMO is off by default on PostgreSQL) or change those accounts' passwords.`;

/**
 * Seeds an empty database with the demo schools when shouldSeedDemo says so, and warns loudly
 * when the demo sign-ins work on a production server (whoever seeded them).
 */
export async function prepareDemo(
  db: Db,
  env: Env,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (shouldSeedDemo(env) && (await isEmpty(db))) {
    const lines = await seedDemo(db);
    log.info('seeded the demo schools');
    console.log(lines.join('\n'));
  }
  if (env.NODE_ENV === 'production' && (await demoSignInsPresent(db)))
    log.warn(DEMO_IN_PRODUCTION_WARNING);
}

/** Opens and migrates the database, seeds an empty one, builds the app and starts the jobs. */
export async function boot(env: Env): Promise<Running> {
  // The LISTEN connection logs through the app's logger, which exists once the app is built.
  const appLog: { current?: FastifyBaseLogger } = {};
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    log: { warn: (obj, msg) => appLog.current?.warn(obj, msg) },
  });
  await migrateDatabase(database);
  const app = await buildApp({ database, env });
  appLog.current = app.log;
  await prepareDemo(database.db, env, app.log);
  const sso = await applySsoEnv(database.db, env, app.log);
  if (sso.length)
    app.log.info({ providers: sso, school: env.SSO_SCHOOL }, 'SSO clients from the environment');
  const boss = env.JOBS ? await startJobs(database, app.log, imageStorage(env.DATA_DIR)) : null;
  if (boss) app.sendJob = (queue, data) => boss.send(queue, data);
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
