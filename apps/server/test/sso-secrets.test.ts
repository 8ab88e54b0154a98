import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MSG, type SsoProvider } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ssoConfigs } from '../src/db/schema.js';
import { parseEnv } from '../src/env.js';
import {
  isSealed,
  parseSecretsKey,
  seal,
  secretsKeyFor,
  SECRETS_KEY_FILE,
  unseal,
} from '../src/lib/secrets.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { startOidcProvider, type TestOidcProvider } from './helpers/oidc.js';
import { anotherServer, call, TEST_SECRETS_KEY, useTestApp } from './helpers/test-app.js';

/*
 * SSO client secrets are encrypted at rest (issue 31, L3): AES-256-GCM under SECRETS_KEY, an
 * older clear value still read and encrypted at its next write; on the embedded database without
 * SECRETS_KEY a key is made in DATA_DIR, on PostgreSQL a new secret is refused instead.
 */
const BASE = 'http://localhost:4131';
const ctx = useTestApp({ PUBLIC_URL: BASE });
const P: SsoProvider = 'clever';
const scratch = mkdtempSync(path.join(tmpdir(), 'sso-secrets-'));
let idp: TestOidcProvider;
let school: SchoolRow;
let kid: UserRow;
let adminToken: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  adminToken = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  kid = await makeUser(db, school, ['STUDENT'], { externalId: 'sso-secret-kid' });
  idp = await startOidcProvider({ redirectUris: [`${BASE}/login/${P}`], clientId: 'enc-client' });
  idp.accounts.set(kid.externalId, { claims: {} });
}, 60_000);
afterAll(() => idp?.stop());

const mine = () => and(eq(ssoConfigs.schoolId, school.id), eq(ssoConfigs.provider, P));
const stored = async () =>
  (await ctx.database.db.select().from(ssoConfigs).where(mine()))[0]?.clientSecret;

/** PUT settings/sso/clever through `app`; `secret` null keeps the kept one. */
const put = (app = ctx.app, secret: string | null = idp.clientSecret) =>
  call(app, 'PUT', `/settings/sso/${P}`, {
    token: adminToken,
    payload: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      ...(secret === null ? {} : { clientSecret: secret }),
    },
  });

/** A whole SSO sign-in of the student through `app`: its answer. */
async function ssoSignIn(app = ctx.app) {
  const res = await call(
    app,
    'GET',
    `/auth/login/sso/state?provider=${P}&school=${school.externalId}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const back = await idp.authorize(res.body.authorizationUrl, kid.externalId);
  return call(app, 'POST', '/auth/login/sso', {
    payload: {
      provider: P,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    },
    headers: { cookie },
  });
}

describe('SSO client secrets at rest', () => {
  it('a saved secret is not in the database in clear, and SSO signs in with it', async () => {
    const res = await put();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hasSecret).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(idp.clientSecret);
    const [row] = await ctx.database.db.select().from(ssoConfigs).where(mine());
    expect(JSON.stringify(row)).not.toContain(idp.clientSecret);
    expect(row!.clientSecret).toMatch(/^enc:v1:/);
    expect(unseal(parseSecretsKey(TEST_SECRETS_KEY), row!.clientSecret)).toBe(idp.clientSecret);
    const signed = await ssoSignIn();
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.user._id).toBe(kid.id);
  });

  it('an older clear secret is still read, and encrypted at the next write that keeps it', async () => {
    await ctx.database.db.update(ssoConfigs).set({ clientSecret: idp.clientSecret }).where(mine());
    expect((await ssoSignIn()).status).toBe(200);
    const res = await put(ctx.app, null);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored()).toMatch(/^enc:v1:/);
    expect((await ssoSignIn()).status).toBe(200);
  });

  it('without SECRETS_KEY: PostgreSQL refuses a new secret naming SECRETS_KEY (clear ones still read); PGlite makes a key in DATA_DIR', async () => {
    const dataDir = path.join(scratch, 'data');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const other = await anotherServer(ctx.database, {
      PUBLIC_URL: BASE,
      SECRETS_KEY: '',
      DATA_DIR: dataDir,
    });
    try {
      if (ctx.database.kind === 'postgres') {
        const before = await stored();
        const res = await put(other.app);
        expect(res).toMatchObject({ status: 400, body: { message: MSG.secretsKeyMissing } });
        expect(res.body.message).toContain('SECRETS_KEY');
        expect(await stored()).toBe(before);
        // A clear secret from before is still used, and left as it is by a write that keeps it.
        await ctx.database.db
          .update(ssoConfigs)
          .set({ clientSecret: idp.clientSecret })
          .where(mine());
        expect((await ssoSignIn(other.app)).status).toBe(200);
        expect((await put(other.app, null)).status).toBe(200);
        expect(await stored()).toBe(idp.clientSecret);
        // An encrypted one it cannot read: the provider step's message, not a 500.
        await ctx.database.db
          .update(ssoConfigs)
          .set({ clientSecret: seal(parseSecretsKey(TEST_SECRETS_KEY), idp.clientSecret) })
          .where(mine());
        const state = await call(
          other.app,
          'GET',
          `/auth/login/sso/state?provider=${P}&school=${school.externalId}`,
        );
        expect(state).toMatchObject({ status: 400, body: { message: MSG.idpTokenError } });
        expect(log).not.toHaveBeenCalled();
      } else {
        const res = await put(other.app);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const file = path.join(dataDir, SECRETS_KEY_FILE);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const key = parseSecretsKey(readFileSync(file, 'utf8'));
        expect(unseal(key, (await stored())!)).toBe(idp.clientSecret);
        expect((await ssoSignIn(other.app)).status).toBe(200);
        // Said once, where the key is, never the key.
        expect((await put(other.app)).status).toBe(200);
        const lines = log.mock.calls.map((c) => String(c[0]));
        expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
        expect(lines.join('\n')).not.toContain(readFileSync(file, 'utf8').trim());
      }
    } finally {
      log.mockRestore();
      await other.close();
    }
  });
});

describe('lib/secrets', () => {
  it('SECRETS_KEY is 32 bytes as base64 or hex; another value is refused without being echoed', () => {
    const bytes = Buffer.alloc(32, 9);
    expect(parseSecretsKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('hex'))).toEqual(bytes);
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), 'z'.repeat(64)])
      expect(() => parseSecretsKey(bad)).toThrow(/32 bytes/);
    const bad = 'not-a-key-but-a-password-123';
    expect(() => parseEnv({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY/);
    expect(() => parseEnv({ SECRETS_KEY: bad })).not.toThrow(new RegExp(bad));
  });

  it('seals with a fresh IV each time, opens with the key only, reads clear values as they are', () => {
    const key = Buffer.alloc(32, 1);
    const a = seal(key, 's3cret');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(seal(key, 's3cret'));
    expect(unseal(key, a)).toBe('s3cret');
    expect(() => unseal(Buffer.alloc(32, 2), a)).toThrow(/does not open/);
    expect(() => unseal(null, a)).toThrow(/no SECRETS_KEY/);
    expect(() => unseal(key, `${a.slice(0, -2)}AA`)).toThrow();
    expect(unseal(null, 'old clear value')).toBe('old clear value');
  });

  it('the key: SECRETS_KEY; else on the embedded database one made once in DATA_DIR (0600); else none', async () => {
    const dataDir = path.join(scratch, 'keys');
    const said: string[] = [];
    const say = (l: string) => said.push(l);
    expect(
      await secretsKeyFor({ secretsKey: TEST_SECRETS_KEY, embedded: true, dataDir }, say),
    ).toEqual(parseSecretsKey(TEST_SECRETS_KEY));
    expect(await secretsKeyFor({ embedded: false, dataDir }, say)).toBeNull();
    const old = process.umask(0);
    const [first, second] = await Promise.all([
      secretsKeyFor({ embedded: true, dataDir }, say),
      secretsKeyFor({ embedded: true, dataDir }, say),
    ]).finally(() => process.umask(old));
    expect(first).toEqual(second);
    expect(await secretsKeyFor({ embedded: true, dataDir }, say)).toEqual(first);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(file);
    expect(said[0]).not.toContain(first!.toString('base64'));
  });
});
