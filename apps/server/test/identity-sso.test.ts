import { and, eq, sql } from 'drizzle-orm';
import { MSG, SSO_PROVIDERS, type SsoProvider } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoConfigs, ssoStates, users } from '../src/db/schema.js';
import { parseSecretsKey, unseal } from '../src/lib/secrets.js';
import { hashToken } from '../src/lib/tokens.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import {
  metadataAt,
  startListener,
  startOidcProvider,
  type TestOidcProvider,
} from './helpers/oidc.js';
import { call, TEST_SECRETS_KEY, useTestApp } from './helpers/test-app.js';

/*
 * SSO against a real OpenID provider on loopback per identity provider (docs/decisions/048-sso.md). Clever's client
 * matches the id token's `sub`, ClassLink's a configured claim (`external_id`), both against
 * users.external_id in the school whose client was used.
 */
const BASE = 'http://localhost:4105';
const ctx = useTestApp({ PUBLIC_URL: BASE });
const idps = {} as Record<SsoProvider, TestOidcProvider>;
let school: SchoolRow;
let other: SchoolRow;
let admin: UserRow;
let adminToken: string;
const students = {} as Record<SsoProvider, UserRow>;

/** The claim each provider's client reads the user's id from. */
const CLAIM: Record<SsoProvider, string> = { clever: 'sub', classlink: 'external_id' };

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  other = await makeSchool(db);
  admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  adminToken = await signIn(ctx.app, admin);
  for (const p of SSO_PROVIDERS) {
    idps[p] = await startOidcProvider({
      redirectUris: [`${BASE}/login/${p}`],
      clientId: `client-${p}`,
    });
    students[p] = await makeUser(db, school, ['STUDENT'], {
      externalId: `sourced-${p}-1`,
      gradeLevel: '6',
    });
    // The same provider id in another school is another person: never signed in from this school's client.
    await makeUser(db, other, ['STUDENT'], { externalId: `sourced-${p}-2` });
    const accountId = p === 'clever' ? students[p].externalId : `cl-${p}-1`;
    idps[p].accounts.set(accountId, {
      claims: { name: 'Student One', external_id: students[p].externalId },
    });
    const res = await call(ctx.app, 'PUT', `/settings/sso/${p}`, {
      token: adminToken,
      payload: {
        issuer: idps[p].issuer,
        clientId: idps[p].clientId,
        clientSecret: idps[p].clientSecret,
        userIdClaim: CLAIM[p],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  for (const p of SSO_PROVIDERS) await idps[p]?.stop();
});

/** GET auth/login/sso/state as a browser: the state, the provider's URL and the browser's cookie. */
async function begin(provider: SsoProvider, code = school.externalId) {
  const res = await call(
    ctx.app,
    'GET',
    `/auth/login/sso/state?provider=${provider}&school=${code}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return {
    state: res.body.state as string,
    url: res.body.authorizationUrl as string,
    cookie: setCookie.split(';')[0]!,
  };
}

/** POST auth/login/sso with what the provider sent the browser back with. */
const finish = (
  provider: SsoProvider,
  back: URL,
  cookie: string,
  over: Record<string, string> = {},
) =>
  call(ctx.app, 'POST', '/auth/login/sso', {
    payload: {
      provider,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      ...over,
    },
    headers: { cookie },
  });

const accountOf = (p: SsoProvider) => (p === 'clever' ? students[p].externalId : `cl-${p}-1`);

describe.each(SSO_PROVIDERS)('SSO with %s', (p) => {
  it('sends the browser to the provider with PKCE, the state and our redirect, and signs the user in like a password sign-in', async () => {
    const { state, url, cookie } = await begin(p);
    const auth = new URL(url);
    expect(auth.origin).toBe(idps[p].issuer);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: idps[p].clientId,
      redirect_uri: `${BASE}/login/${p}`,
      state,
      code_challenge_method: 'S256',
      response_type: 'code',
    });
    const back = await idps[p].authorize(url, accountOf(p));
    expect(back.origin + back.pathname).toBe(`${BASE}/login/${p}`);
    const res = await finish(p, back, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ _id: students[p].id, roles: ['STUDENT'] });
    const meRes = await call(ctx.app, 'POST', '/auth/me', { token: res.body.token });
    expect(meRes.body._id).toBe(students[p].id);

    // The state is used: the same answer again (a replay) is refused.
    const replay = await finish(p, back, cookie);
    expect(replay).toMatchObject({ status: 400, body: { message: MSG.ssoStateInvalid } });
  });

  it('a code used twice (under a new state) is refused by the provider: the token error', async () => {
    const first = await begin(p);
    const back = await idps[p].authorize(first.url, accountOf(p));
    expect((await finish(p, back, first.cookie)).status).toBe(200);
    const second = await begin(p);
    const res = await finish(p, back, second.cookie, { state: second.state });
    expect(res).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
  });

  it('an unknown user gets the not-registered message', async () => {
    idps[p].accounts.set(`stranger-${p}`, { claims: { external_id: `stranger-${p}` } });
    const { url, cookie } = await begin(p);
    const res = await finish(p, await idps[p].authorize(url, `stranger-${p}`), cookie);
    expect(res).toMatchObject({ status: 403, body: { message: MSG.notRegistered } });
  });

  it('a user who left the school gets the not-registered message (docs/decisions/128-leavers-are-archived.md)', async () => {
    const leave = (leftAt: Date | null) =>
      ctx.database.db.update(users).set({ leftAt }).where(eq(users.id, students[p].id));
    await leave(new Date());
    try {
      const { url, cookie } = await begin(p);
      const res = await finish(p, await idps[p].authorize(url, accountOf(p)), cookie);
      expect(res).toMatchObject({ status: 403, body: { message: MSG.notRegistered } });
    } finally {
      await leave(null);
    }
  });

  it("a user of another school with that provider id is not this school's user", async () => {
    const id = `sourced-${p}-2`;
    idps[p].accounts.set(id, { claims: { external_id: id } });
    const { url, cookie } = await begin(p);
    const res = await finish(p, await idps[p].authorize(url, id), cookie);
    expect(res).toMatchObject({ status: 403, body: { message: MSG.notRegistered } });
  });

  it('a provider whose user info names another user than its id token: the mismatch message', async () => {
    // oidc-provider always answers the account id as `sub` in both, so the contradiction is in the
    // configured claim: Clever's client reads `external_id` for this test, then `sub` again.
    const id = `${accountOf(p)}-twin`;
    idps[p].accounts.set(id, {
      claims: { external_id: students[p].externalId },
      userinfo: { external_id: 'someone-else' },
    });
    const setClaim = (userIdClaim: string) =>
      call(ctx.app, 'PUT', `/settings/sso/${p}`, {
        token: adminToken,
        payload: { issuer: idps[p].issuer, clientId: idps[p].clientId, userIdClaim },
      });
    expect((await setClaim('external_id')).status).toBe(200);
    const { url, cookie } = await begin(p);
    const res = await finish(p, await idps[p].authorize(url, id), cookie);
    expect((await setClaim(CLAIM[p])).status).toBe(200);
    expect(res).toMatchObject({ status: 400, body: { message: MSG.idpMismatch } });
  });

  it('refuses an expired state, a forged one, one from another browser and one of the other provider', async () => {
    const expired = await begin(p);
    const back = await idps[p].authorize(expired.url, accountOf(p));
    await ctx.database.db
      .update(ssoStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(ssoStates.stateHash, hashToken(expired.state)));
    expect(await finish(p, back, expired.cookie)).toMatchObject({
      status: 400,
      body: { message: MSG.ssoStateInvalid },
    });

    const good = await begin(p);
    const back2 = await idps[p].authorize(good.url, accountOf(p));
    expect(
      await finish(p, back2, good.cookie, { state: 'forged-state-0123456789abcdefghijklmnopq' }),
    ).toMatchObject({ status: 400, body: { message: MSG.ssoStateInvalid } });
    expect(await finish(p, back2, 'sso_browser=another-browser-0123456789abcdefgh')).toMatchObject({
      status: 400,
      body: { message: MSG.ssoStateInvalid },
    });
    expect(await finish(p, back2, '')).toMatchObject({
      status: 400,
      body: { message: MSG.ssoStateInvalid },
    });

    const third = await begin(p);
    const back3 = await idps[p].authorize(third.url, accountOf(p));
    const otherProvider = SSO_PROVIDERS.find((x) => x !== p)!;
    expect(await finish(otherProvider, back3, third.cookie)).toMatchObject({
      status: 400,
      body: { message: MSG.ssoStateInvalid },
    });
  });

  it('a school without a client at the provider, or an unknown school: not set up', async () => {
    const res = await call(
      ctx.app,
      'GET',
      `/auth/login/sso/state?provider=${p}&school=${other.externalId}`,
    );
    expect(res).toMatchObject({ status: 400, body: { message: MSG.ssoNotConfigured } });
    const none = await call(
      ctx.app,
      'GET',
      `/auth/login/sso/state?provider=${p}&school=NO-SUCH-SCHOOL`,
    );
    expect(none).toMatchObject({ status: 400, body: { message: MSG.ssoNotConfigured } });
  });
});

describe('the provider down', () => {
  it('is the token error, at the exchange and when starting', async () => {
    for (const p of SSO_PROVIDERS) {
      const { url, cookie } = await begin(p);
      const back = await idps[p].authorize(url, accountOf(p));
      await idps[p].stop();
      expect(await finish(p, back, cookie)).toMatchObject({
        status: 400,
        body: { message: MSG.idpTokenError },
      });
      expect(
        await call(
          ctx.app,
          'GET',
          `/auth/login/sso/state?provider=${p}&school=${school.externalId}`,
        ),
      ).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
    }
  });
});

describe('SSO settings', () => {
  it('lists the clients without their secrets, with the redirect to register', async () => {
    const res = await call(ctx.app, 'GET', '/settings/sso', { token: adminToken });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('merit-test-secret');
    expect(res.body).toEqual(
      [...SSO_PROVIDERS].sort().map((p) =>
        expect.objectContaining({
          provider: p,
          clientId: `client-${p}`,
          hasSecret: true,
          userIdClaim: CLAIM[p],
          redirectUri: `${BASE}/login/${p}`,
        }),
      ),
    );
  });

  it('a change may keep the secret; a new client needs one; removing ends it', async () => {
    const kept = await call(ctx.app, 'PUT', '/settings/sso/clever', {
      token: adminToken,
      payload: { issuer: 'https://clever.example.org/', clientId: 'changed' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      issuer: 'https://clever.example.org',
      clientId: 'changed',
      hasSecret: true,
      userIdClaim: 'sub',
    });
    const [row] = await ctx.database.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.schoolId, school.id))
      .orderBy(ssoConfigs.provider)
      .limit(1);
    // Kept as it was, encrypted at rest (lib/secrets.ts).
    expect(row!.clientSecret).not.toContain(idps.clever.clientSecret);
    expect(unseal(parseSecretsKey(TEST_SECRETS_KEY), row!.clientSecret)).toBe(
      idps.clever.clientSecret,
    );

    const otherAdmin = await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']);
    const otherToken = await signIn(ctx.app, otherAdmin);
    const noSecret = await call(ctx.app, 'PUT', '/settings/sso/clever', {
      token: otherToken,
      payload: { issuer: 'https://clever.example.org', clientId: 'x' },
    });
    expect(noSecret).toMatchObject({ status: 400, body: { message: 'clientSecret is required' } });
    const bad = await call(ctx.app, 'PUT', '/settings/sso/okta', {
      token: otherToken,
      payload: { issuer: 'https://x.example.org', clientId: 'x', clientSecret: 'y' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call(ctx.app, 'DELETE', '/settings/sso/classlink', { token: otherToken })).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', '/settings/sso/classlink', { token: adminToken })).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/settings/sso', { token: adminToken })).body.map(
        (c: { provider: string }) => c.provider,
      ),
    ).toEqual(['clever']);
  });

  it('is for school admins only', async () => {
    const teacherToken = await signIn(
      ctx.app,
      await makeUser(ctx.database.db, school, ['TEACHER']),
    );
    expect((await call(ctx.app, 'GET', '/settings/sso', { token: teacherToken })).status).toBe(403);
  });
});

describe("a provider's metadata (issue 17, findings 2 and 4)", () => {
  /** A school whose Clever client is at a provider answering this metadata: what GET auth/login/sso/state answers, and the states it left. */
  async function startWith(over: (origin: string) => Record<string, unknown>) {
    const listener = await startListener((origin) => metadataAt(origin, over(origin)));
    try {
      const s = await makeSchool(ctx.database.db);
      const token = await signIn(ctx.app, await makeUser(ctx.database.db, s, ['SCHOOL_ADMIN']));
      const put = await call(ctx.app, 'PUT', '/settings/sso/clever', {
        token,
        payload: {
          issuer: listener.origin,
          clientId: 'c',
          clientSecret: 'a-secret-of-the-school-0123',
        },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const res = await call(
        ctx.app,
        'GET',
        `/auth/login/sso/state?provider=clever&school=${s.externalId}`,
      );
      const states = await ctx.database.db
        .select()
        .from(ssoStates)
        .where(and(eq(ssoStates.schoolId, s.id), eq(ssoStates.provider, 'clever')));
      return { res, states, requests: [...listener.requests] };
    } finally {
      await listener.stop();
    }
  }

  it('a javascript: authorization endpoint is the provider message, 400, and leaves no state', async () => {
    const { res, states, requests } = await startWith(() => ({
      authorization_endpoint: 'javascript:alert(document.cookie)//',
    }));
    expect(res).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
    expect(states).toEqual([]);
    expect(requests).toEqual(['GET /.well-known/openid-configuration']);
  });

  it("an authorization endpoint on another host (or another port of the issuer's) is refused: no open redirect, no state", async () => {
    for (const endpoint of [
      'https://evil.example.org/authorize',
      'http://127.0.0.2/authorize',
      (o: string) => `${o.replace(/:\d+$/, ':1')}/auth`,
    ]) {
      const { res, states } = await startWith((origin) => ({
        authorization_endpoint: typeof endpoint === 'string' ? endpoint : endpoint(origin),
      }));
      expect(res, String(endpoint)).toMatchObject({
        status: 400,
        body: { message: MSG.idpTokenError },
      });
      expect(states).toEqual([]);
    }
  });

  it('a token or user info endpoint elsewhere is refused before the browser is sent anywhere', async () => {
    for (const over of [
      { token_endpoint: 'https://evil.example.org/token' },
      { userinfo_endpoint: 'http://169.254.169.254/latest/meta-data/' },
    ]) {
      const { res, states } = await startWith(() => over);
      expect(res, JSON.stringify(over)).toMatchObject({
        status: 400,
        body: { message: MSG.idpTokenError },
      });
      expect(states).toEqual([]);
    }
  });

  it('all endpoints at the issuer: the browser is sent to its authorization endpoint', async () => {
    const { res, states } = await startWith(() => ({}));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new URL(res.body.authorizationUrl).pathname).toBe('/auth');
    expect(states).toHaveLength(1);
  });
});
