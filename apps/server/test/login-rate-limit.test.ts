import { MSG } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { purgeExpired } from '../src/modules/auth/service.js';
import { makeSchool, makeUser, PASSWORD, type UserRow } from './helpers/factories.js';
import { call, useTestApp, type TestContext } from './helpers/test-app.js';

// Each checked attempt is an argon2 verification: dozens of them take a while on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const login = (app: FastifyInstance, username: string, password: string, from?: string) =>
  call(app, 'POST', '/auth/login', { payload: { username, password }, headers: from ? { 'x-forwarded-for': from } : {} });
type Res = Awaited<ReturnType<typeof login>>;

function expectRefused(res: Res) {
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: { message: MSG.tryLater } });
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds), `retry-after ${res.headers['retry-after']}`).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
}
const expectChecked = (res: Res) => expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: MSG.invalidLogin } });
const newUser = async (ctx: TestContext): Promise<UserRow> => makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['STUDENT']);
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('login limit without TRUST_PROXY', () => {
  const ctx = useTestApp();

  it('30 wrong passwords sent at once: at most 5 are checked, the rest are 429 with Retry-After', async () => {
    const victim = await newUser(ctx);
    const results = await times(30, () => login(ctx.app, victim.username, 'wrong'));
    const checked = results.filter((r) => r.status === 401);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    checked.forEach(expectChecked);
    results.filter((r) => r.status !== 401).forEach(expectRefused);

    // The right password is refused too until the window passes.
    expectRefused(await login(ctx.app, victim.username, PASSWORD));
    // Refused attempts count nowhere: this address is not at its limit of 20, so others still sign in.
    expect((await login(ctx.app, (await newUser(ctx)).username, PASSWORD)).status).toBe(200);
  });

  it('a success forgives the typos before it; failures after it count again', async () => {
    const user = await newUser(ctx);
    for (let i = 0; i < 4; i++) expectChecked(await login(ctx.app, user.username, 'typo'));
    expect((await login(ctx.app, user.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expectChecked(await login(ctx.app, user.username, 'typo'));
    expectRefused(await login(ctx.app, user.username, PASSWORD));
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  const ctx = useTestApp();

  it('is ignored: 20 failures under 20 forwarded addresses all count against the one real address', async () => {
    const results = await times(20, (i) => login(ctx.app, `nobody-${i}`, 'wrong', `10.1.0.${i + 1}`));
    results.forEach(expectChecked);
    const user = await newUser(ctx);
    expectRefused(await login(ctx.app, user.username, PASSWORD, '10.1.1.1'));
  });
});

describe('login limit behind a proxy (TRUST_PROXY=true)', () => {
  const ctx = useTestApp({ TRUST_PROXY: 'true' });

  it("one address's 5 failures for a user do not lock that user out elsewhere", async () => {
    const student = await newUser(ctx);
    (await times(5, () => login(ctx.app, student.username, 'guess', '203.0.113.5'))).forEach(expectChecked);
    expectRefused(await login(ctx.app, student.username, PASSWORD, '203.0.113.5'));
    expect((await login(ctx.app, student.username, PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it('a distributed guess is capped by the per-user ceiling of 50 failures', async () => {
    const student = await newUser(ctx);
    for (let a = 1; a <= 10; a++) {
      const results = await times(5, () => login(ctx.app, student.username, 'guess', `192.0.2.${a}`));
      results.forEach(expectChecked);
    }
    // An 11th address, fresh for this user and for the address limit, is still refused.
    expectRefused(await login(ctx.app, student.username, 'guess', '192.0.2.200'));
    expectRefused(await login(ctx.app, student.username, PASSWORD, '192.0.2.201'));
    // Other users are not affected.
    expect((await login(ctx.app, (await newUser(ctx)).username, PASSWORD, '192.0.2.1')).status).toBe(200);
  });

  it('one address may fail 20 times in all, whatever the user names', async () => {
    const results = await times(20, (i) => login(ctx.app, `stranger-${i}`, 'wrong', '198.51.100.99'));
    results.forEach(expectChecked);
    const user = await newUser(ctx);
    expectRefused(await login(ctx.app, user.username, PASSWORD, '198.51.100.99'));
    expect((await login(ctx.app, user.username, PASSWORD, '198.51.100.98')).status).toBe(200);
  });
});

describe('purgeExpired', () => {
  const ctx = useTestApp();

  it('removes rate-limit windows that have ended and keeps the current ones', async () => {
    const db = ctx.database.db;
    await db.insert(rateLimits).values([
      { key: 'test:old', windowSeconds: 900, windowStart: sql`now() - interval '2 hours'` as never, hits: 3 },
      { key: 'test:day', windowSeconds: 86400, windowStart: sql`now() - interval '2 hours'` as never, hits: 3 },
    ]);
    await login(ctx.app, 'someone', 'wrong');
    await purgeExpired(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(['login:address:127.0.0.1', 'login:user-address:someone 127.0.0.1', 'login:user:someone', 'test:day']);
  });
});
