import { clockNow, setClock } from '@app/domain';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { migrateDatabase, openDatabase, type Database, type Db } from './db/client.js';
import { isLoopbackHost, publicUrl, shouldSeedDemo, type Env } from './env.js';
import { startJobs } from './jobs/queue.js';
import { createMailer } from './lib/mailer.js';
import { applySsoEnv } from './modules/identity/sso.js';
import { movePicturesFromDisk } from './modules/uploads/service.js';
import { imageStorage } from './lib/storage.js';
import { issueSetupCode, setupCodeLine } from './modules/setup/service.js';
import { DEMO_PASSWORD, demoSignInsPresent } from './lib/demo-sign-ins.js';
import { DEMO_SCHOOL_TOKEN_LATER, DEMO_SIGN_INS, isEmpty, seedDemo } from './seed/demo.js';

export interface Running {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

export const DEMO_IN_PRODUCTION_WARNING =
  `DEMO SIGN-INS ARE ACTIVE IN PRODUCTION: the demo accounts, school admins included, sign in with the published ` +
  `password ${DEMO_PASSWORD}. Do not expose this server: start on a database without the demo ` +
  `(SEED_DEMO is off by default on PostgreSQL) or change those accounts' passwords.`;

/** A start the server refuses: main.ts prints "Cannot start: " and the message, and exits 1. */
export class StartRefusedError extends Error {
  override name = 'StartRefusedError';
}

/**
 * Why a production server with working demo sign-ins must not listen on HOST, or null when it may:
 * on loopback, or with ALLOW_DEMO_IN_PRODUCTION=true (docs/decisions/080-demo-listens-on-loopback.md).
 */
export const demoStartRefusal = (
  env: Pick<Env, 'HOST' | 'ALLOW_DEMO_IN_PRODUCTION'>,
): string | null =>
  isLoopbackHost(env.HOST) || env.ALLOW_DEMO_IN_PRODUCTION
    ? null
    : `the demo sign-ins work (published password ${DEMO_PASSWORD}) and NODE_ENV is production, so the ` +
      `server listens only on a loopback address, not HOST=${env.HOST}. Change the demo admins' and ` +
      `district owner's passwords, use a database without the demo, or set ALLOW_DEMO_IN_PRODUCTION=true.`;

/**
 * Seeds an empty database with the demo schools when shouldSeedDemo says so; while the demo
 * sign-ins work, prints them at every start, and in production warns loudly or, beyond loopback,
 * refuses to start (StartRefusedError). Answers whether the demo sign-ins work.
 */
export async function prepareDemo(
  db: Db,
  env: Env,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<boolean> {
  let seeded: string[] | null = null;
  if (shouldSeedDemo(env) && (await isEmpty(db))) {
    seeded = await seedDemo(db, imageStorage(env, db));
    log.info('seeded the demo schools');
  }
  const present = await demoSignInsPresent(db);
  if (!present) return false;
  // Printed whatever LOG_LEVEL says; the school token only when it was just made (it is kept hashed).
  console.log((seeded ?? [...DEMO_SIGN_INS, DEMO_SCHOOL_TOKEN_LATER]).join('\n'));
  if (env.NODE_ENV === 'production') {
    const refusal = demoStartRefusal(env);
    if (refusal) throw new StartRefusedError(refusal);
    log.warn(DEMO_IN_PRODUCTION_WARNING);
  }
  return true;
}

/**
 * On a database without a school (no demo seeded), prints a fresh one-time setup code
 * (docs/decisions/075-setup-code.md); returns it, or null once a school exists.
 */
export async function prepareFirstStart(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'HOST'>,
): Promise<string | null> {
  const code = await issueSetupCode(db);
  if (code) console.log(setupCodeLine(code, publicUrl(env)));
  return code;
}

/** Opens and migrates the database, seeds an empty one, builds the app and starts the jobs. */
export async function boot(env: Env): Promise<Running> {
  if (env.CLOCK) setClock(env.CLOCK);
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
  if (env.CLOCK)
    app.log.warn(
      { clock: clockNow().toISOString() },
      "CLOCK is set: every date rule reads this clock, not the machine's",
    );
  try {
    await prepareDemo(database.db, env, app.log);
  } catch (err) {
    await app.close();
    await database.close();
    throw err;
  }
  await prepareFirstStart(database.db, env);
  const sso = await applySsoEnv(database.db, env, app.log);
  if (sso.length)
    app.log.info({ providers: sso, school: env.SSO_SCHOOL }, 'SSO clients from the environment');
  const moved = await movePicturesFromDisk(database.db, app.images, env.DATA_DIR);
  if (moved)
    app.log.warn(
      { pictures: moved },
      'pictures moved from DATA_DIR/uploads into the image storage',
    );
  const boss = env.JOBS
    ? await startJobs(database, app.log, app.images, {
        mailer: createMailer(env, app.log),
        baseUrl: publicUrl(env),
      })
    : null;
  app.jobQueue.current = boss;
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
