import { eq, sql } from 'drizzle-orm';
import { MSG } from '@app/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoConfigs, ssoStates } from '../src/db/schema.js';
import { applySsoEnv } from '../src/modules/identity/sso.js';
import { hashToken } from '../src/lib/tokens.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { metadataAt, startListener, type TestListener } from './helpers/oidc.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The SSO issuer in production (issue 17, finding 2; docs/decisions/060-sso-issuer-public-internet.md): a school admin cannot point it at
 * this machine or a private network, and a stored issuer that points there (saved before the check,
 * or a name whose DNS now answers such an address) is never fetched. The listener on loopback
 * answers a provider's metadata to whoever asks, and must receive nothing.
 */
const BASE = 'https://rewards.example.org';
const logs: Record<string, unknown>[] = [];
const ctx = useTestApp(
  { NODE_ENV: 'production', PUBLIC_URL: BASE },
  {
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    },
  },
);
const SECRET = 'the-schools-client-secret-0123456789';
let listener: TestListener;
let school: SchoolRow;
let adminToken: string;

beforeAll(async () => {
  listener = await startListener((origin) => metadataAt(origin));
  school = await makeSchool(ctx.database.db);
  adminToken = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']));
});

afterAll(async () => {
  await listener?.stop();
});

beforeEach(() => {
  logs.length = 0;
});

const put = (issuer: string) =>
  call(ctx.app, 'PUT', '/settings/sso/clever', {
    token: adminToken,
    payload: { issuer, clientId: 'client', clientSecret: SECRET },
  });

describe('saving the issuer in production', () => {
  it('plain http is refused with the https message', async () => {
    const res = await put(`http://127.0.0.1:${listener.port}`);
    expect(res).toMatchObject({ status: 400, body: { message: MSG.ssoIssuerHttps } });
  });

  it('this machine, private networks, link-local and metadata addresses are refused, however written', async () => {
    const p = listener.port;
    for (const issuer of [
      `https://127.0.0.1:${p}`,
      `https://localhost:${p}`,
      `https://[::1]:${p}`,
      `https://[::ffff:127.0.0.1]:${p}`,
      `https://2130706433:${p}`,
      `https://0x7f.1:${p}`,
      `https://0.0.0.0:${p}`,
      'https://10.0.0.1',
      'https://172.20.1.1',
      'https://192.168.1.1',
      'https://169.254.169.254',
      'https://[fd00:ec2::254]',
      'https://[fe80::1]',
      'https://[fc00::1]',
      'https://intranet',
    ]) {
      const res = await put(issuer);
      expect(res, issuer).toMatchObject({ status: 400, body: { message: MSG.ssoIssuerNotPublic } });
    }
    expect((await call(ctx.app, 'GET', '/settings/sso', { token: adminToken })).body).toEqual([]);
    // What was refused is in the log, the secret never.
    expect(logs.some((l) => JSON.stringify(l).includes('127.0.0.1 is a loopback address'))).toBe(
      true,
    );
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(listener.requests).toEqual([]);
  });

  it('a public https issuer is taken', async () => {
    const res = await put('https://clever.com');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await call(ctx.app, 'DELETE', '/settings/sso/clever', { token: adminToken });
  });
});

describe('an issuer stored that points inside (saved before the check, or its DNS changed)', () => {
  const p = () => listener.port;
  const stored = () => [
    `http://127.0.0.1:${p()}`,
    `https://127.0.0.1:${p()}`,
    `https://localhost:${p()}`,
    `https://[::ffff:7f00:1]:${p()}`,
    'https://169.254.169.254',
  ];

  async function store(s: SchoolRow, issuer: string) {
    await ctx.database.db
      .insert(ssoConfigs)
      .values({
        schoolId: s.id,
        provider: 'clever',
        issuer,
        clientId: 'client',
        clientSecret: SECRET,
      })
      .onConflictDoUpdate({ target: [ssoConfigs.schoolId, ssoConfigs.provider], set: { issuer } });
  }

  it('GET auth/login/sso/state: the provider message, no state, and the listener receives nothing', async () => {
    const s = await makeSchool(ctx.database.db);
    for (const issuer of stored()) {
      await store(s, issuer);
      const res = await call(
        ctx.app,
        'GET',
        `/auth/login/sso/state?provider=clever&school=${s.externalId}`,
      );
      expect(res, issuer).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
    }
    expect(
      await ctx.database.db.select().from(ssoStates).where(eq(ssoStates.schoolId, s.id)),
    ).toEqual([]);
    expect(listener.requests).toEqual([]);
    // Each refusal is logged with what failed and where, never the secret.
    const refused = logs.filter((l) => l.msg === MSG.idpTokenError);
    expect(refused).toHaveLength(stored().length);
    expect(refused[0]).toMatchObject({
      cause: {
        step: 'discovery',
        provider: 'clever',
        schoolId: s.id,
        issuer: `http://127.0.0.1:${p()}/`,
      },
    });
    expect(JSON.stringify(refused)).toMatch(
      /127\.0\.0\.1 is a loopback address|http: is not allowed/,
    );
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });

  it('POST auth/login/sso with a live state: the provider message, and the listener receives nothing', async () => {
    const s = await makeSchool(ctx.database.db);
    for (const [i, issuer] of stored().entries()) {
      await store(s, issuer);
      const state = `state-${i}-0123456789abcdefghijklmnopqrstuv`;
      const browser = `browser-${i}-0123456789abcdefghijklmnop`;
      await ctx.database.db.insert(ssoStates).values({
        stateHash: hashToken(state),
        browserHash: hashToken(browser),
        schoolId: s.id,
        provider: 'clever',
        codeVerifier: 'v'.repeat(43),
        nonce: 'n'.repeat(22),
        expiresAt: sql`now() + interval '1 minute'`,
      });
      const res = await call(ctx.app, 'POST', '/auth/login/sso', {
        payload: { provider: 'clever', code: 'a-code', state },
        headers: { cookie: `sso_browser=${browser}` },
      });
      expect(res, issuer).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
    }
    expect(listener.requests).toEqual([]);
  });

  it("the environment's demo issuer on loopback is left out at start in production, said in the log", async () => {
    const demo = await makeSchool(ctx.database.db);
    const warnings: { obj: object; msg: string }[] = [];
    const applied = await applySsoEnv(
      ctx.database.db,
      {
        NODE_ENV: 'production',
        SSO_SCHOOL: demo.externalId,
        CLEVER_ISSUER: listener.origin,
        CLEVER_CLIENT_ID: 'demo',
        CLEVER_CLIENT_SECRET: SECRET,
      },
      { warn: (obj, msg) => warnings.push({ obj, msg }) },
    );
    expect(applied).toEqual([]);
    expect(warnings).toEqual([
      {
        obj: expect.objectContaining({ provider: 'clever', issuer: `${listener.origin}/` }),
        msg: `CLEVER_ISSUER is not used: ${MSG.ssoIssuerHttps}`,
      },
    ]);
    expect(
      await ctx.database.db.select().from(ssoConfigs).where(eq(ssoConfigs.schoolId, demo.id)),
    ).toEqual([]);
    expect(listener.requests).toEqual([]);
  });
});
