import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueSchoolToken } from '../src/modules/identity/school-tokens.js';
import {
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * A school's shared address never locks out its own people (docs/decisions/126-device-cookies.md):
 * a spray of wrong passwords over real names refuses the address, but a browser that has signed in
 * as a person before is still checked for that person; the school's admin sees and lifts the address.
 */
const ctx = useTestApp();
const SCHOOL_ADDRESS = '203.0.113.7';
let school: SchoolRow;
let alice: UserRow;
let bob: UserRow;
const sprayed: UserRow[] = [];
let adminToken: string;
let schoolToken: string;

const login = (username: string, password: string, cookie?: string) =>
  call(ctx.app, 'POST', '/auth/login', {
    payload: { username, password },
    remoteAddress: SCHOOL_ADDRESS,
    headers: cookie ? { cookie } : {},
  });
/** The cookie a browser sends back: the name=value part of Set-Cookie. */
const cookieFrom = (headers: Record<string, unknown>) => {
  const set = headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  return typeof first === 'string' ? first.split(';')[0]! : undefined;
};

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  alice = await makeUser(db, school, ['STUDENT']);
  bob = await makeUser(db, school, ['STUDENT']);
  for (let i = 100; i < 120; i++)
    sprayed.push(await makeUser(db, school, ['STUDENT'], { username: `student${i}` }));
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  adminToken = await signIn(ctx.app, admin); // from another address: the admin's own network
  schoolToken = (await issueSchoolToken(db, school.id, null, { userId: admin.id })).token;
});

describe('device cookies against a spray from the school’s address', () => {
  let aliceBrowser: string;

  it('a sign-in hands the browser a device cookie, sent only to the sign-in calls', async () => {
    const res = await login(alice.username, PASSWORD);
    expect(res.status).toBe(200);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^mm_device=[0-9a-f-]{36}\.[A-Za-z0-9_-]+; Path=\/api\/v1\/auth\/login; /);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    aliceBrowser = cookieFrom(res.headers)!;
    // Signing in again from the same browser keeps its cookie as it is.
    const again = await login(alice.username, PASSWORD, aliceBrowser);
    expect(again.status).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('100 wrong passwords over 20 real names refuse the address to a fresh browser, not to Alice’s', async () => {
    for (let round = 0; round < 5; round++)
      for (const s of sprayed) expect((await login(s.username, 'wrong-guess')).status).toBe(401);

    const fresh = await login(bob.username, PASSWORD);
    expect(fresh).toMatchObject({ status: 429, body: { message: MSG.tryLater } });
    const token = await call(ctx.app, 'POST', '/auth/login/school', {
      payload: { externalSchoolId: school.externalId, token: schoolToken },
      remoteAddress: SCHOOL_ADDRESS,
    });
    expect(token.status).toBe(429);

    const trusted = await login(alice.username, PASSWORD, aliceBrowser);
    expect(trusted.status).toBe(200);
    // The cookie vouches for Alice only: Bob's password from her browser is still refused.
    expect((await login(bob.username, PASSWORD, aliceBrowser)).status).toBe(429);
    // And the per-name limits still hold her browser: five wrong guesses at her name, then 429.
    for (let i = 0; i < 5; i++)
      expect((await login(alice.username, 'not-hers', aliceBrowser)).status).toBe(401);
    expect((await login(alice.username, PASSWORD, aliceBrowser)).status).toBe(429);
  });

  it('the admin sees the address refused for their school, lifts it, and a fresh browser signs in', async () => {
    const list = await call(ctx.app, 'GET', '/settings/sign-in-limits', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.addresses).toEqual([
      // The spray's 100 and the five guesses at Alice's name.
      { address: SCHOOL_ADDRESS, failures: 105, until: expect.any(String) },
    ]);
    const other = await makeSchool(ctx.database.db);
    const otherAdmin = await signIn(
      ctx.app,
      await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']),
    );
    // Another school's admin neither sees nor lifts it.
    expect(
      (await call(ctx.app, 'GET', '/settings/sign-in-limits', { token: otherAdmin })).body,
    ).toEqual({ addresses: [] });
    expect(
      (
        await call(ctx.app, 'DELETE', `/settings/sign-in-limits/${SCHOOL_ADDRESS}`, {
          token: otherAdmin,
        })
      ).status,
    ).toBe(404);
    expect((await login(bob.username, PASSWORD)).status).toBe(429);

    const lift = await call(ctx.app, 'DELETE', `/settings/sign-in-limits/${SCHOOL_ADDRESS}`, {
      token: adminToken,
    });
    expect(lift).toMatchObject({ status: 200, body: { ok: true } });
    expect((await login(bob.username, PASSWORD)).status).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/settings/sign-in-limits', { token: adminToken })).body,
    ).toEqual({ addresses: [] });
  });

  it('a cookie that is not ours, or garbled, is ignored', async () => {
    for (const cookie of [
      `mm_device=${school.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      'mm_device=garbage',
      `mm_device=${'x'.repeat(5000)}`,
    ]) {
      const res = await login(bob.username, PASSWORD, cookie);
      expect(res.status).toBe(200);
    }
  });
});
