import type { SsoProvider } from '@app/domain';
import { MSG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FAILURES_PER_USER_ADDRESS } from '../src/lib/sign-in-limits.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { startOidcProvider, type TestOidcProvider } from './helpers/oidc.js';
import { anotherServer, call, useTestApp } from './helpers/test-app.js';

/*
 * Every server is stateless (docs/decisions/098-pictures-in-the-database.md): two servers on one
 * database, each with its own handle (on PostgreSQL its own pool and LISTEN connection, on PGlite
 * its own handle on the one in-process database), and whatever one of them is told, the other
 * knows. Both keep session look-ups for 60 s, so only the database's change notices can make the
 * second refuse a sign-out within a second.
 */
const BASE = 'http://localhost:4150'; // the SSO redirect's address, never listened on
const CACHE = { SESSION_CACHE_SECONDS: '60', PUBLIC_URL: BASE };
const ctx = useTestApp(CACHE);
let a: FastifyInstance;
let b: FastifyInstance;
let closeB: () => Promise<void>;
let school: SchoolRow;
const u: Record<string, UserRow> = {};
let day: string;

beforeAll(async () => {
  const second = await anotherServer(ctx.database, CACHE);
  a = ctx.app;
  b = second.app;
  closeB = second.close;
  const db = ctx.database.db;
  school = await makeSchool(db);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  u.manager = await makeUser(db, school, ['STORE_MANAGER']);
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.student = await makeUser(db, school, ['STUDENT']);
  await makePeriod(db, school, u.teacher, [u.student]);
  day = await schoolDay(db, school);
});
afterAll(async () => {
  await closeB?.();
});

/** Within a second: what a change notice takes to reach the other server. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 1000, interval: 20 });

describe('two servers on one database', () => {
  it('a picture uploaded through one is served by the other; an upload link made on one is taken by the other', async () => {
    const png = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#228844' },
    })
      .png()
      .toBuffer();
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const token = await signIn(from, u.manager!);
      const grant = (await call(from, 'GET', '/utility/upload-url/new', { token })).body;
      const put = await call(to, 'PUT', grant.uploadUrl, {
        payload: png,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const [onA, onB] = await Promise.all(
        [a, b].map((app) => app.inject({ method: 'GET', url: grant.image })),
      );
      expect(onA!.statusCode).toBe(200);
      expect(onB!.statusCode).toBe(200);
      expect(onB!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(onA!.rawPayload.equals(onB!.rawPayload)).toBe(true);
      // The link is used, on both.
      expect(
        (
          await call(from, 'PUT', grant.uploadUrl, {
            payload: png,
            headers: { 'content-type': 'image/png' },
          })
        ).status,
      ).toBe(404);
    }
  });

  it('a session signed out on one is refused on the other within a second, though the other had it cached', async () => {
    const token = await signIn(a, u.teacher!);
    expect((await call(b, 'POST', '/auth/me', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/me', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/me', { token })).status).toBe(401);
    await soon(async () => expect((await call(b, 'POST', '/auth/me', { token })).status).toBe(401));
  });

  it('a setting changed on one is read on the other at once, and its cached sessions follow within a second', async () => {
    const admin = await signIn(a, u.admin!);
    const teacher = await signIn(b, u.teacher!);
    expect(
      (await call(b, 'POST', '/auth/me', { token: teacher })).body.school.canTeacherGiveAll,
    ).toBe(true);
    const put = await call(a, 'PUT', '/settings/advanced', {
      token: admin,
      payload: { canTeacherGiveAll: false, adminFlagPoints: 7 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(b, 'GET', '/settings', { token: admin })).body).toMatchObject({
      canTeacherGiveAll: false,
      adminFlagPoints: 7,
    });
    await soon(async () =>
      expect(
        (await call(b, 'POST', '/auth/me', { token: teacher })).body.school.canTeacherGiveAll,
      ).toBe(false),
    );
    await call(b, 'PUT', '/settings/advanced', {
      token: admin,
      payload: { canTeacherGiveAll: true },
    });
  });

  it('a give on one is in the balance the other reads at once; its retry on the other is not given twice', async () => {
    const teacher = await signIn(a, u.teacher!);
    const student = await signIn(b, u.student!);
    const balance = async () =>
      (await call(b, 'GET', '/utility/student/balance/stats', { token: student })).body.balance;
    const before = await balance();
    const type = await typeByName(ctx.database.db, school, 'Helping others');
    const give = (app: FastifyInstance) =>
      call(app, 'POST', '/activity/bulk', {
        token: teacher,
        headers: { 'idempotency-key': 'stateless-give-1' },
        payload: {
          externalStudentIds: [u.student!.externalId],
          activityTypes: [type.id],
          date: day,
        },
      });
    const first = await give(a);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await balance()) - before).toBe(type.points);
    // The answer was lost on the way: the browser retries, through the other server.
    const retry = await give(b);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect((await balance()) - before).toBe(type.points);
  });

  it('wrong passwords on one count on the other: the limit is shared', async () => {
    const victim = await makeUser(ctx.database.db, school, ['STUDENT']);
    const login = (app: FastifyInstance, password: string) =>
      call(app, 'POST', '/auth/login', { payload: { username: victim.username, password } });
    for (let i = 0; i < MAX_FAILURES_PER_USER_ADDRESS; i++)
      expect((await login(i % 2 ? b : a, 'wrong')).status).toBe(401);
    for (const app of [a, b])
      expect(await login(app, PASSWORD)).toMatchObject({
        status: 429,
        body: { message: MSG.tryLater },
      });
  });

  it('SSO begun on one is finished on the other (its state is in the database)', async () => {
    const provider: SsoProvider = 'clever';
    const idp: TestOidcProvider = await startOidcProvider({
      redirectUris: [`${BASE}/login/${provider}`],
    });
    try {
      const kid = await makeUser(ctx.database.db, school, ['STUDENT'], { externalId: 'sso-kid-1' });
      idp.accounts.set(kid.externalId, { claims: { name: 'Kid One' } });
      const configured = await call(a, 'PUT', `/settings/sso/${provider}`, {
        token: await signIn(a, u.admin!),
        payload: {
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          userIdClaim: 'sub',
        },
      });
      expect(configured.status, JSON.stringify(configured.body)).toBe(200);
      const begun = await call(
        a,
        'GET',
        `/auth/login/sso/state?provider=${provider}&school=${school.externalId}`,
      );
      expect(begun.status, JSON.stringify(begun.body)).toBe(200);
      const cookie = String(begun.headers['set-cookie']).split(';')[0]!;
      const back = await idp.authorize(begun.body.authorizationUrl, kid.externalId);
      const done = await call(b, 'POST', '/auth/login/sso', {
        payload: {
          provider,
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
        },
        headers: { cookie },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.user._id).toBe(kid.id);
      expect((await call(a, 'POST', '/auth/me', { token: done.body.token })).body._id).toBe(kid.id);
    } finally {
      await idp.stop();
    }
  });
});
