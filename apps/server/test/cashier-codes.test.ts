import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, callsOf, CASHIER_CODE_MAX_HOURS, englishOf, msg, MSG, setClock } from '@app/domain';
import { cashierCodes, sessions, users } from '../src/db/schema.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';
import { TEST_NOW } from './helpers/test-clock.js';

/*
 * Cashier codes (issue 35, docs/decisions/139-badges-and-counter.md): a store manager makes one, a
 * volunteer signs in with it as the school's CASHIER, who may use the counter and nothing else,
 * until the code ends (by the rules' clock) or is revoked.
 */

const ctx = useTestApp();
const HOUR = 3_600_000;
let school: SchoolRow;
let other: SchoolRow;
const tok = {} as Record<'manager' | 'teacher' | 'student' | 'admin' | 'otherManager', string>;

const make = (token: string, payload: object) =>
  call(ctx.app, 'POST', '/cashier-codes', { token, payload });
const loginWith = (code: string) =>
  call(ctx.app, 'POST', '/auth/login/cashier', { payload: { code } });

/** A code made by the store manager, and its sign-in. */
async function signedInCashier(label = 'Ana (volunteer)') {
  const made = await make(tok.manager, { label });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const login = await loginWith(made.body.code);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { made: made.body, token: login.body.token as string, user: login.body.user };
}

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  other = await makeSchool(db);
  const users = {
    manager: await makeUser(db, school, ['STORE_MANAGER']),
    teacher: await makeUser(db, school, ['TEACHER']),
    student: await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' }),
    admin: await makeUser(db, school, ['SCHOOL_ADMIN']),
    otherManager: await makeUser(db, other, ['STORE_MANAGER']),
  };
  for (const [k, u] of Object.entries(users)) tok[k as keyof typeof tok] = await signIn(ctx.app, u);
});

afterEach(() => setClock(TEST_NOW));

describe('making cashier codes', () => {
  it('a store manager (or an admin) makes a code of five hours at most; a teacher and a student may not', async () => {
    const res = await make(tok.manager, { label: 'Ana' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['_id', 'code', 'expiresAt', 'label']);
    expect(res.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(res.body.label).toBe('Ana');
    expect(Date.parse(res.body.expiresAt) - Date.parse(TEST_NOW)).toBeGreaterThanOrEqual(
      CASHIER_CODE_MAX_HOURS * HOUR,
    );
    expect(Date.parse(res.body.expiresAt) - Date.parse(TEST_NOW)).toBeLessThan(
      CASHIER_CODE_MAX_HOURS * HOUR + 60_000,
    );

    const two = await make(tok.admin, { label: 'Ben', hours: 2 });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(Date.parse(two.body.expiresAt) - Date.parse(TEST_NOW)).toBeLessThan(2 * HOUR + 60_000);

    expect((await make(tok.manager, { label: 'Too long', hours: 6 })).status).toBe(400);
    expect((await make(tok.manager, { label: '' })).status).toBe(400);
    for (const t of [tok.teacher, tok.student]) {
      expect((await make(t, { label: 'Nope' })).status).toBe(403);
      expect((await call(ctx.app, 'GET', '/cashier-codes', { token: t })).status).toBe(403);
    }

    // Only its hash is kept; its CASHIER account is named by the label.
    const [row] = await ctx.database.db
      .select({ hash: cashierCodes.codeHash, userId: cashierCodes.userId })
      .from(cashierCodes)
      .where(eq(cashierCodes.id, res.body._id));
    expect(row!.hash).not.toContain(res.body.code.replace('-', ''));
    const [account] = await ctx.database.db
      .select({ roles: users.roles, firstName: users.firstName, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, row!.userId));
    expect(account).toEqual({ roles: ['CASHIER'], firstName: 'Ana', schoolId: school.id });
  });

  it('lists the codes that have not ended, newest first, never the code itself', async () => {
    const first = await make(tok.manager, { label: 'First' });
    setClock(new Date(Date.parse(TEST_NOW) + 60_000));
    const second = await make(tok.manager, { label: 'Second' });
    const list = await call(ctx.app, 'GET', '/cashier-codes', { token: tok.manager });
    expect(list.status).toBe(200);
    const ids = list.body.map((c: { _id: string }) => c._id);
    expect(ids.indexOf(second.body._id)).toBeLessThan(ids.indexOf(first.body._id));
    expect(list.body[0]).not.toHaveProperty('code');
    expect(list.body[0]).toMatchObject({ revoked: false });
    // Another school's store manager sees none of them.
    const theirs = await call(ctx.app, 'GET', '/cashier-codes', { token: tok.otherManager });
    expect(theirs.body).toEqual([]);
    // Past its end, a code is no longer listed.
    setClock(new Date(Date.parse(first.body.expiresAt) + 120_000));
    const later = await call(ctx.app, 'GET', '/cashier-codes', { token: tok.manager });
    expect(later.body.map((c: { _id: string }) => c._id)).not.toContain(first.body._id);
  });
});

describe('signing in with a cashier code', () => {
  it('answers exactly as the password sign-in: a token and the session user, a CASHIER of the school', async () => {
    const { token, user } = await signedInCashier('Ana (volunteer)');
    expect(user).toMatchObject({
      firstName: 'Ana (volunteer)',
      roles: ['CASHIER'],
      periodCount: 0,
      school: { _id: school.id },
    });
    const me = await call(ctx.app, 'POST', '/auth/me', { token });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body).toEqual(user);
    // The same keys as a password sign-in's answer.
    const staff = await call(ctx.app, 'POST', '/auth/me', { token: tok.manager });
    expect(Object.keys(user).sort()).toEqual(Object.keys(staff.body).sort());
  });

  it('reads the code in any case, with or without its dash; a wrong code is the password sign-in’s 401', async () => {
    const made = await make(tok.manager, { label: 'Typist' });
    const plain = made.body.code.replace('-', '').toLowerCase();
    expect((await loginWith(plain)).status).toBe(200);
    expect((await loginWith(` ${made.body.code} `)).status).toBe(200);
    for (const wrong of ['', 'ABCDE-FGHJK', 'not a code at all']) {
      const res = await loginWith(wrong);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MSG.invalidLogin);
    }
  });

  it('a cashier may use the counter and nothing else', async () => {
    const { token } = await signedInCashier();
    expect((await call(ctx.app, 'GET', '/counter/products', { token })).status).toBe(200);
    const refused = [
      ['GET', '/periods'],
      ['GET', '/api/v2/order/teacher/?status=ALL'],
      ['GET', '/api/v2/order/student'],
      ['POST', '/api/v2/order'],
      ['POST', '/activity/bulk'],
      ['GET', '/cashier-codes'],
      ['POST', '/cashier-codes'],
      ['POST', '/products/school'],
      ['GET', '/settings/users/roles'],
    ] as const;
    for (const [method, url] of refused) {
      const res = await call(ctx.app, method, url, { token, payload: {} });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('every call of the contract but the counter’s and the session’s is 403 to a cashier', async () => {
    const { token } = await signedInCashier('Everywhere');
    const id = '00000000-0000-4000-8000-000000000000';
    const wrong: string[] = [];
    for (const { call: c } of callsOf(API)) {
      // Signing out would end the session the other calls use.
      if (c.public || c.devOnly || c.path.endsWith('/auth/logout')) continue;
      const url = c.path.replace(/:[A-Za-z]+/g, id);
      const res = await call(ctx.app, c.method as never, url, { token, payload: {} });
      const mine = c.action === 'counter:use' || c.action === 'session:use';
      if (mine ? res.status === 403 : res.status !== 403)
        wrong.push(`${c.method} ${c.path} (${c.action}) → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('ends when the code does: the session is refused and the code signs in no one', async () => {
    const { made, token } = await signedInCashier('Evening shift');
    // The session's own expiry is the code's (the time it had left, by the database's clock).
    const [s] = await ctx.database.db
      .select({
        left: sql<number>`extract(epoch from ${sessions.expiresAt} - now())`.mapWith(Number),
      })
      .from(sessions)
      .innerJoin(
        cashierCodes,
        and(eq(cashierCodes.schoolId, sessions.schoolId), eq(cashierCodes.userId, sessions.userId)),
      )
      .where(eq(cashierCodes.id, made._id));
    expect(s!.left).toBeGreaterThan(CASHIER_CODE_MAX_HOURS * 3600 - 120);
    expect(s!.left).toBeLessThanOrEqual(CASHIER_CODE_MAX_HOURS * 3600 + 1);

    setClock(new Date(Date.parse(made.expiresAt) - 60_000));
    expect((await call(ctx.app, 'GET', '/counter/products', { token })).status).toBe(200);
    setClock(new Date(Date.parse(made.expiresAt) + 1_000));
    for (const [method, url] of [
      ['GET', '/counter/products'],
      ['POST', '/auth/me'],
    ] as const) {
      const res = await call(ctx.app, method, url, { token });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    const again = await loginWith(made.code);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(MSG.invalidLogin);
  });

  it('ends when the code is revoked: its sessions are refused at once and it signs in no one', async () => {
    const { made, token } = await signedInCashier('Lunch shift');
    const second = (await loginWith(made.code)).body.token as string;
    const del = await call(ctx.app, 'DELETE', `/cashier-codes/${made._id}`, { token: tok.manager });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    for (const t of [token, second])
      expect((await call(ctx.app, 'GET', '/counter/products', { token: t })).status).toBe(401);
    expect((await loginWith(made.code)).status).toBe(401);
    const list = await call(ctx.app, 'GET', '/cashier-codes', { token: tok.manager });
    expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(made._id);
    // Revoking it again changes nothing.
    expect(
      (await call(ctx.app, 'DELETE', `/cashier-codes/${made._id}`, { token: tok.manager })).status,
    ).toBe(200);
  });

  it('revoking is for the school’s own codes: another school’s or an unknown one is 404', async () => {
    const made = await make(tok.manager, { label: 'Mine' });
    const notFound = englishOf(msg('msg.cashierCodeNotFound'));
    for (const [token, id] of [
      [tok.otherManager, made.body._id],
      [tok.manager, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const res = await call(ctx.app, 'DELETE', `/cashier-codes/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(notFound);
    }
    expect((await loginWith(made.body.code)).status).toBe(200);
    expect(
      (await call(ctx.app, 'DELETE', `/cashier-codes/${made.body._id}`, { token: tok.teacher }))
        .status,
    ).toBe(403);
  });
});
