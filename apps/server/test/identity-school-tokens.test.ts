import { eq } from 'drizzle-orm';
import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolTokens } from '../src/db/schema.js';
import { hashToken } from '../src/lib/tokens.js';
import { MAX_FAILURES_PER_USER_ADDRESS } from '../src/lib/sign-in-limits.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/* School tokens (docs/decisions/049-school-tokens.md): issued, listed, rotated, revoked by school admins; sign in as their user. */
const ctx = useTestApp();
let school: SchoolRow;
let other: SchoolRow;
let admin: UserRow;
let adminToken: string;
let store: UserRow;

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  other = await makeSchool(ctx.database.db);
  admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
  store = await makeUser(ctx.database.db, school, ['STORE_MANAGER'], {
    firstName: 'Counter',
    lastName: 'Kiosk',
  });
  adminToken = await signIn(ctx.app, admin);
});

const issue = async (userId = store.id, label = 'Store counter') => {
  const res = await call(ctx.app, 'POST', '/settings/school-tokens', {
    token: adminToken,
    payload: { userId, label },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { _id: string; token: string; lastFour: string };
};
const schoolLogin = (externalSchoolId: string, token: string) =>
  call(ctx.app, 'POST', '/auth/login/school', { payload: { externalSchoolId, token } });

describe('school tokens', () => {
  it('issues a token shown once, kept hashed, listed by its last four characters only', async () => {
    const t = await issue();
    expect(t.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.lastFour).toBe(t.token.slice(-4));
    const [row] = await ctx.database.db
      .select()
      .from(schoolTokens)
      .where(eq(schoolTokens.id, t._id));
    expect(row!.tokenHash).toBe(hashToken(t.token));
    expect(JSON.stringify(row)).not.toContain(t.token);
    const list = await call(ctx.app, 'GET', '/settings/school-tokens', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({
      _id: t._id,
      userId: store.id,
      userName: 'Counter Kiosk',
      label: 'Store counter',
      lastFour: t.lastFour,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(t.token);
  });

  it("signs in as the token's user like a password sign-in (the school's code in any case)", async () => {
    const t = await issue();
    const res = await schoolLogin(school.externalId.toLowerCase(), t.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ _id: store.id, roles: ['STORE_MANAGER'] });
    expect((await call(ctx.app, 'POST', '/auth/me', { token: res.body.token })).status).toBe(200);
  });

  it("refuses a wrong token, another school's code and a revoked token with the sign-in message", async () => {
    const t = await issue();
    expect(await schoolLogin(school.externalId, `${t.token.slice(0, -1)}x`)).toMatchObject({
      status: 401,
      body: { message: MSG.invalidLogin },
    });
    expect(await schoolLogin(other.externalId, t.token)).toMatchObject({
      status: 401,
      body: { message: MSG.invalidLogin },
    });
    expect(
      (await call(ctx.app, 'DELETE', `/settings/school-tokens/${t._id}`, { token: adminToken }))
        .status,
    ).toBe(200);
    expect(await schoolLogin(school.externalId, t.token)).toMatchObject({
      status: 401,
      body: { message: MSG.invalidLogin },
    });
    expect(
      (await call(ctx.app, 'GET', '/settings/school-tokens', { token: adminToken })).body.map(
        (x: { _id: string }) => x._id,
      ),
    ).not.toContain(t._id);
    expect(
      (await call(ctx.app, 'DELETE', `/settings/school-tokens/${t._id}`, { token: adminToken }))
        .status,
    ).toBe(404);
  });

  it('rotating ends the old token and answers its successor for the same user', async () => {
    const t = await issue();
    const rotated = await call(ctx.app, 'POST', `/settings/school-tokens/${t._id}/rotate`, {
      token: adminToken,
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body).toMatchObject({ userId: store.id, label: 'Store counter' });
    expect(rotated.body.token).not.toBe(t.token);
    expect((await schoolLogin(school.externalId, t.token)).status).toBe(401);
    expect((await schoolLogin(school.externalId, rotated.body.token)).status).toBe(200);
    expect(
      (
        await call(ctx.app, 'POST', `/settings/school-tokens/${t._id}/rotate`, {
          token: adminToken,
        })
      ).status,
    ).toBe(404);
  });

  it('is limited like the password sign-in: 429 after too many failures from one address for one school', async () => {
    const code = (await makeSchool(ctx.database.db)).externalId;
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES_PER_USER_ADDRESS; i++)
      statuses.push((await schoolLogin(code, `wrong-token-${i}`)).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES_PER_USER_ADDRESS).fill(401), 429]);
  });

  it("another school's admin cannot see, rotate or revoke the tokens; a user of another school gets none", async () => {
    const t = await issue();
    const otherAdmin = await signIn(
      ctx.app,
      await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']),
    );
    expect(
      (await call(ctx.app, 'GET', '/settings/school-tokens', { token: otherAdmin })).body,
    ).toEqual([]);
    expect(
      (
        await call(ctx.app, 'POST', `/settings/school-tokens/${t._id}/rotate`, {
          token: otherAdmin,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/settings/school-tokens/${t._id}`, { token: otherAdmin }))
        .status,
    ).toBe(404);
    const res = await call(ctx.app, 'POST', '/settings/school-tokens', {
      token: otherAdmin,
      payload: { userId: store.id },
    });
    expect(res.status).toBe(404);
    const teacher = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['TEACHER']));
    expect((await call(ctx.app, 'GET', '/settings/school-tokens', { token: teacher })).status).toBe(
      403,
    );
  });
});
