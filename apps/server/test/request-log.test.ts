import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SLOW_REQUEST_MS } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { parseEnv } from '../src/env.js';
import { freshDatabase } from './helpers/test-db.js';

/** Request logging: nothing per request at the default level; errors and slow requests always. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function appLogging(
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; lines: any[] }> {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  const parsed = parseEnv({ NODE_ENV: 'test', JOBS: 'false', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({
    database,
    env: parsed,
    logger: { level: parsed.LOG_LEVEL, stream },
  });
  // Outside /api: routes only this test has, to make a slow answer and a failure.
  app.get('/test/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  app.get('/test/fail', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('defaults to warn: no line per request, but slow requests and errors are logged', async () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('warn');
    const { app, lines } = await appLogging({});
    try {
      for (let i = 0; i < 5; i++)
        expect((await app.inject({ method: 'GET', url: '/api/v1/status' })).statusCode).toBe(200);
      expect(
        lines.filter((l) => l.url === '/api/v1/status' || l.req?.url === '/api/v1/status'),
      ).toEqual([]);

      await app.inject({ method: 'GET', url: '/test/slow' });
      const slow = lines.find((l) => l.msg === 'slow request');
      expect(slow).toMatchObject({ level: 40, method: 'GET', url: '/test/slow', statusCode: 200 });
      expect(slow.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);

      expect((await app.inject({ method: 'GET', url: '/test/fail' })).statusCode).toBe(500);
      expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({
        level: 50,
        err: { message: 'boom' },
      });
    } finally {
      await app.close();
    }
  });

  it('LOG_LEVEL=info adds one line per request', async () => {
    const { app, lines } = await appLogging({ LOG_LEVEL: 'info' });
    try {
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/v1/status' });
      const done = lines.filter((l) => l.msg === 'request completed' && l.url === '/api/v1/status');
      expect(done).toHaveLength(3);
      expect(done[0]).toMatchObject({ level: 30, method: 'GET', statusCode: 200 });
    } finally {
      await app.close();
    }
  });
});
