import { MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { purgeExpired } from '../src/modules/auth/service.js';
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USER_ADDRESS,
} from '../src/lib/sign-in-limits.js';
import { makeSchool, makeUser, PASSWORD, type UserRow } from './helpers/factories.js';
import { call, useTestApp, type TestContext } from './helpers/test-app.js';

// Each checked attempt is an argon2 verification: dozens of them take a while on a loaded machine.
vi.setConfig({ testTimeout: 600_000 });

const login = (app: FastifyInstance, username: string, password: string, from?: string) =>
  call(app, 'POST', '/auth/login', {
    payload: { username, password },
    headers: from ? { 'x-forwarded-for': from } : {},
  });
type Res = Awaited<ReturnType<typeof login>>;

function expectRefused(res: Res) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: { message: MSG.tryLater },
  });
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds), `retry-after ${res.headers['retry-after']}`).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
}
const expectChecked = (res: Res) =>
  expect({ status: res.status, body: res.body }).toEqual({
    status: 401,
    body: { message: MSG.invalidLogin },
  });
const newUser = async (ctx: TestContext): Promise<UserRow> =>
  makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['STUDENT']);
const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

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
    // Refused attempts count nowhere, and the address has only 5 failures: others still sign in.
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

describe("a school's shared address", () => {
  const ctx = useTestApp();

  it('a class of 30 signs in at the same moment from one address: all 30 get in', async () => {
    const school = await makeSchool(ctx.database.db);
    const students = await times(30, () => makeUser(ctx.database.db, school, ['STUDENT']));
    const results = await times(30, (i) => login(ctx.app, students[i]!.username, PASSWORD));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
  });

  it('failures with made-up names do not refuse a correct sign-in from the address', async () => {
    const made = await times(25, (i) => login(ctx.app, `made-up-${i}`, 'wrong'));
    made.forEach(expectChecked);
    expect((await login(ctx.app, (await newUser(ctx)).username, PASSWORD)).status).toBe(200);
  });

  it("typos followed by the right password are taken back from the address: a class's typos do not add up", async () => {
    const school = await makeSchool(ctx.database.db);
    const students = await times(10, () => makeUser(ctx.database.db, school, ['STUDENT']));
    for (const student of students) {
      for (let t = 0; t < 4; t++) expectChecked(await login(ctx.app, student.username, 'typo'));
      expect((await login(ctx.app, student.username, PASSWORD)).status).toBe(200);
    }
    const [row] = await ctx.database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'login:address:127.0.0.1'));
    expect(row?.hits).toBe(0);
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  const ctx = useTestApp();

  it('is ignored: guesses at one name under five forwarded addresses all count against the one real address', async () => {
    const victim = await newUser(ctx);
    for (let i = 0; i < MAX_FAILURES_PER_USER_ADDRESS; i++)
      expectChecked(await login(ctx.app, victim.username, 'wrong', `10.1.0.${i + 1}`));
    expectRefused(await login(ctx.app, victim.username, PASSWORD, '10.1.1.1'));
  });
});

describe('login limit behind a proxy (TRUST_PROXY=true)', () => {
  const ctx = useTestApp({ TRUST_PROXY: 'true' });

  it("one address's 5 failures for a user do not lock that user out elsewhere", async () => {
    const student = await newUser(ctx);
    (await times(5, () => login(ctx.app, student.username, 'guess', '203.0.113.5'))).forEach(
      expectChecked,
    );
    expectRefused(await login(ctx.app, student.username, PASSWORD, '203.0.113.5'));
    expect((await login(ctx.app, student.username, PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it('a distributed guess is capped by the per-user ceiling of 50 failures', async () => {
    const student = await newUser(ctx);
    for (let a = 1; a <= 10; a++) {
      const results = await times(5, () =>
        login(ctx.app, student.username, 'guess', `192.0.2.${a}`),
      );
      results.forEach(expectChecked);
    }
    // An 11th address, fresh for this user and for the address limit, is still refused.
    expectRefused(await login(ctx.app, student.username, 'guess', '192.0.2.200'));
    expectRefused(await login(ctx.app, student.username, PASSWORD, '192.0.2.201'));
    // Other users are not affected.
    expect(
      (await login(ctx.app, (await newUser(ctx)).username, PASSWORD, '192.0.2.1')).status,
    ).toBe(200);
  });

  it('a spray over many real names from one address is capped at 100 checks; then the address is refused, made-up names too', async () => {
    const school = await makeSchool(ctx.database.db);
    const names = await times(25, () => makeUser(ctx.database.db, school, ['STUDENT']));
    const from = '198.51.100.99';
    // One guess at each name, 25 at a time, until the address is refused.
    const statuses: number[] = [];
    for (let round = 0; round < MAX_FAILURES_PER_USER_ADDRESS; round++) {
      const results = await times(names.length, (i) =>
        login(ctx.app, names[i]!.username, `guess-${round}`, from),
      );
      results.filter((r) => r.status === 401).forEach(expectChecked);
      results.filter((r) => r.status !== 401).forEach(expectRefused);
      statuses.push(...results.map((r) => r.status));
    }
    const checked = statuses.filter((s) => s === 401).length;
    // 100, plus at most the 25 that were in flight when the 100th failure landed.
    expect(checked).toBeGreaterThanOrEqual(MAX_FAILURES_PER_ADDRESS);
    expect(checked).toBeLessThan(MAX_FAILURES_PER_ADDRESS + names.length);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Refused whatever the name, so a refusal tells nothing about which names exist.
    expectRefused(await login(ctx.app, 'nobody-at-all', 'wrong', from));
    expectRefused(await login(ctx.app, (await newUser(ctx)).username, PASSWORD, from));
    // Another address is not affected.
    expect(
      (await login(ctx.app, (await newUser(ctx)).username, PASSWORD, '198.51.100.98')).status,
    ).toBe(200);
  });
});

describe('purgeExpired', () => {
  const ctx = useTestApp();

  it('removes rate-limit windows that have ended and keeps the current ones', async () => {
    const db = ctx.database.db;
    await db.insert(rateLimits).values([
      {
        key: 'test:old',
        windowSeconds: 900,
        windowStart: sql`now() - interval '2 hours'` as never,
        hits: 3,
      },
      {
        key: 'test:day',
        windowSeconds: 86400,
        windowStart: sql`now() - interval '2 hours'` as never,
        hits: 3,
      },
    ]);
    await login(ctx.app, 'someone', 'wrong');
    await purgeExpired(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits))
      .map((r) => r.key)
      .sort();
    // A made-up name counts on its own name only, not on the address.
    expect(keys).toEqual([
      'login:user-address:someone 127.0.0.1',
      'login:user:someone',
      'test:day',
    ]);
  });
});
