import { MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp, type TestContext } from './helpers/test-app.js';

const message = {
  userName: 'Pat',
  userSchool: 'Nowhere High',
  userEmail: 'pat@example.com',
  userRole: 'Parent',
  userMessage: 'Hello',
};
const send = (app: FastifyInstance, opts: { token?: string; from?: string } = {}) =>
  call(app, 'POST', '/utility/contact', {
    payload: message,
    token: opts.token,
    headers: opts.from ? { 'x-forwarded-for': opts.from } : {},
  });

function expectRefused(res: Awaited<ReturnType<typeof send>>, maxSeconds: number) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: { message: MSG.tryLater },
  });
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds), `retry-after ${res.headers['retry-after']}`).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}
const sendMany = async (
  n: number,
  app: FastifyInstance,
  opts: { token?: string; from?: string },
) => {
  for (let i = 0; i < n; i++) expect((await send(app, opts)).status, `message ${i + 1}`).toBe(200);
};

/** Ends a key's 10-minute window as if the time had passed. */
const endShortWindow = (ctx: TestContext, key: string) =>
  ctx.database.db
    .update(rateLimits)
    .set({ windowStart: sql`${rateLimits.windowStart} - interval '11 minutes'` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowSeconds, 600)));

describe('POST utility/contact rate limit', () => {
  const ctx = useTestApp();
  const tokens: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    const school = await makeSchool(ctx.database.db);
    for (let i = 0; i < 3; i++) {
      const user = await makeUser(ctx.database.db, school, ['TEACHER']);
      ids.push(user.id);
      tokens.push(await signIn(ctx.app, user));
    }
  });

  it('a signed-in user may send 5 messages per 10 minutes; the 6th is 429 with Retry-After', async () => {
    await sendMany(5, ctx.app, { token: tokens[0] });
    expectRefused(await send(ctx.app, { token: tokens[0] }), 600);
    // Parallel sends cannot slip past the limit either.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => send(ctx.app, { token: tokens[1] })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    burst.filter((r) => r.status !== 200).forEach((r) => expectRefused(r, 600));
  });

  it('the limit is per user: others, and visitors, still send', async () => {
    expect((await send(ctx.app, { token: tokens[2] })).status).toBe(200);
    expect((await send(ctx.app)).status).toBe(200);
  });

  it('and 20 per day', async () => {
    const token = tokens[2]!;
    const key = `contact:user:${ids[2]}`;
    await sendMany(4, ctx.app, { token }); // 5 with the one above
    for (let round = 0; round < 3; round++) {
      await endShortWindow(ctx, key);
      await sendMany(5, ctx.app, { token });
    }
    await endShortWindow(ctx, key);
    const refused = await send(ctx.app, { token });
    expectRefused(refused, 24 * 60 * 60);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(600); // the day's window, not the 10 minutes
  });
});

describe('POST utility/contact from visitors behind a proxy (TRUST_PROXY=true)', () => {
  const ctx = useTestApp({ TRUST_PROXY: 'true' });

  it('counts per address', async () => {
    await sendMany(5, ctx.app, { from: '203.0.113.9' });
    expectRefused(await send(ctx.app, { from: '203.0.113.9' }), 600);
    expect((await send(ctx.app, { from: '203.0.113.10' })).status).toBe(200);
  });
});
