import { MSG } from '@app/domain';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../src/db/schema.js';
import { makeSchool, makeUser, PASSWORD, signIn, type UserRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let teacher: UserRow;
let student: UserRow;

beforeAll(async () => {
  const school = await makeSchool(ctx.database.db);
  teacher = await makeUser(ctx.database.db, school, ['TEACHER'], {
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  student = await makeUser(ctx.database.db, school, ['STUDENT']);
});

describe('POST auth/login', () => {
  it('400 names the missing field', async () => {
    const res = await call(ctx.app, 'POST', '/auth/login', { payload: { username: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/password/);
  });

  it('400 on a body that is not JSON', async () => {
    const res = await call(ctx.app, 'POST', '/auth/login', {
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('401 with the exact message for a wrong password and for an unknown user', async () => {
    const wrong = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: teacher.username, password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: MSG.invalidLogin } });
    const unknown = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: 'nobody-here', password: 'x' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: MSG.invalidLogin } });
  });

  it('returns a token and the user without secrets', async () => {
    const res = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: teacher.username, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({
      _id: teacher.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: ['TEACHER'],
    });
    expect(JSON.stringify(res.body.user)).not.toMatch(
      /passwordHash|password_hash|"password"|tokenHash/,
    );
  });

  it('hashes a password made with older settings again at sign-in, and it still signs in', async () => {
    // The library's default (64 MiB, 3 passes, 4 lanes): every hash before docs/decisions/121-password-hashing-cost.md.
    const old = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    const user = await makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['STUDENT']);
    const stored = async () =>
      (
        await ctx.database.db
          .select({ hash: credentials.passwordHash })
          .from(credentials)
          .where(eq(credentials.username, user.username))
      )[0]!.hash;
    await ctx.database.db
      .update(credentials)
      .set({ passwordHash: old })
      .where(eq(credentials.username, user.username));
    const wrong = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: user.username, password: 'not it' },
    });
    expect(wrong.status).toBe(401);
    expect(await stored()).toBe(old); // a wrong password changes nothing
    for (let i = 0; i < 2; i++) {
      const res = await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: user.username, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      const params = (await stored()).split('$')[3]!.split(',').sort();
      expect(params).toEqual(['m=19456', 'p=1', 't=2']);
    }
  });

  it('429 after repeated failures for one user, even with the right password', async () => {
    const victim = await makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['TEACHER']);
    for (let i = 0; i < 5; i++)
      await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: victim.username, password: 'bad' },
      });
    const res = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: victim.username, password: PASSWORD },
    });
    expect(res).toMatchObject({ status: 429, body: { message: MSG.tryLater } });
  });
});

describe('POST auth/me', () => {
  it('401 without a token and with a bad token', async () => {
    expect((await call(ctx.app, 'POST', '/auth/me')).status).toBe(401);
    const bad = await call(ctx.app, 'POST', '/auth/me', { token: 'not-a-token' });
    expect(bad).toMatchObject({ status: 401, body: { message: MSG.unauthorized } });
  });

  it('401 when the from header names another user', async () => {
    const token = await signIn(ctx.app, teacher);
    const res = await call(ctx.app, 'POST', '/auth/me', { token, headers: { from: student.id } });
    expect(res.status).toBe(401);
  });

  it('returns the signed-in user when from matches', async () => {
    const token = await signIn(ctx.app, student);
    const res = await call(ctx.app, 'POST', '/auth/me', { token, headers: { from: student.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: student.id, roles: ['STUDENT'], periodCount: 0 });
  });
});

describe('POST auth/logout', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'POST', '/auth/logout')).status).toBe(401);
  });

  it('revokes the token', async () => {
    const token = await signIn(ctx.app, teacher);
    expect((await call(ctx.app, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/auth/me', { token })).status).toBe(401);
  });

  it('refuses the token at once on this server even while its session look-up is cached', async () => {
    const token = await signIn(ctx.app, teacher);
    // The session is in use (and so in this server's session cache) right up to the sign-out.
    for (let i = 0; i < 3; i++)
      expect((await call(ctx.app, 'POST', '/auth/me', { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/periods', { token })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/auth/me', { token })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/periods', { token })).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/auth/logout', { token })).status).toBe(401);
  });
});
