import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { pgliteListen } from '../../src/db/notifications.js';
import * as schema from '../../src/db/schema.js';
import { parseEnv } from '../../src/env.js';
import { freshDatabase } from './test-db.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

/** The tests' key of SSO client secrets at rest (lib/secrets.ts), the same on both databases. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** A test server's settings: no jobs, no logs, no web app; DATA_DIR a scratch directory, not the checkout's ./data. */
const testEnv = (overrides: Record<string, string>) =>
  parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    WEB_DIST: '/nonexistent',
    DATA_DIR: path.join(tmpdir(), 'school-rewards-test-data'),
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...overrides,
  });

/**
 * Another server on the same database as `database`, as a second process would be: on PostgreSQL
 * its own pool and LISTEN connection; on PGlite (one process's database) its own handle on the same
 * PGlite, so its own session cache and subscription. Close it before the first one.
 */
export async function anotherServer(
  database: Database,
  envOverrides: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  let own: Database;
  if (database.kind === 'postgres')
    own = await openDatabase({ databaseUrl: database.url, poolSize: 5 });
  else {
    const pglite = (database as Database & { pglite: PGlite }).pglite;
    own = {
      ...database,
      db: drizzlePglite(pglite, { schema }) as unknown as Db,
      listen: pgliteListen(pglite),
      close: async () => {}, // the first server's handle closes the PGlite
    };
  }
  const app = await buildApp({ database: own, env: testEnv(envOverrides), logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await own.close();
    },
  };
}

/** The real app on its own fresh database for one test file; `logger` to read what it logs (none by default). */
export function useTestApp(
  envOverrides: Record<string, string> = {},
  opts: { logger?: FastifyServerOptions['logger'] } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await freshDatabase();
    ctx.app = await buildApp({
      database: ctx.database,
      env: testEnv(envOverrides),
      logger: opts.logger ?? false,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

export type Call = Omit<InjectOptions, 'method' | 'url' | 'headers'> & {
  token?: string;
  headers?: Record<string, string>;
};

/** One API call; `token` fills the authtoken header. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: Call = {},
) {
  const { token, headers, ...rest } = opts;
  const res = await app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { ...(token ? { authtoken: token } : {}), ...headers },
    ...rest,
  });
  let body: any;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}
