import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { parseEnv } from '../../src/env.js';
import { freshDatabase } from './test-db.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

/** The real app on its own fresh database for one test file; `logger` to read what it logs (none by default). */
export function useTestApp(
  envOverrides: Record<string, string> = {},
  opts: { logger?: FastifyServerOptions['logger'] } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await freshDatabase();
    // DATA_DIR: uploaded images go to a scratch directory, not the checkout's ./data.
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      WEB_DIST: '/nonexistent',
      DATA_DIR: path.join(tmpdir(), 'school-rewards-test-data'),
      ...envOverrides,
    });
    ctx.app = await buildApp({ database: ctx.database, env, logger: opts.logger ?? false });
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
