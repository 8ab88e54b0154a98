import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  DEMO_IN_PRODUCTION_WARNING,
  demoStartRefusal,
  prepareDemo,
  StartRefusedError,
} from '../src/boot.js';
import type { Database } from '../src/db/client.js';
import { credentials } from '../src/db/schema.js';
import { apiDocsEnabled, isLoopbackHost, parseEnv, publicUrl, shouldSeedDemo } from '../src/env.js';
import { hashPassword } from '../src/lib/tokens.js';
import {
  DEMO_ADMIN,
  DEMO_DISTRICT_OWNER,
  DEMO_OTHER_ADMIN,
  DEMO_PASSWORD,
  DEMO_SCHOOL_TOKEN_LATER,
  DEMO_SIGN_INS,
  isEmpty,
} from '../src/seed/demo.js';
import { freshDatabase } from './helpers/test-db.js';

const PG = 'postgres://db.example/app';

describe('shouldSeedDemo', () => {
  it.each([
    [{}, true],
    [{ DATABASE_URL: '' }, true],
    [{ SEED_DEMO: 'false' }, false],
    [{ SEED_DEMO: '0' }, false],
    [{ SEED_DEMO: 'true' }, true],
    [{ DATABASE_URL: PG }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: '' }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: 'false' }, false],
    [{ DATABASE_URL: PG, SEED_DEMO: 'true' }, true],
    [{ DATABASE_URL: PG, SEED_DEMO: '1' }, true],
  ])('%o → %s', (source, expected) => {
    expect(shouldSeedDemo(parseEnv(source))).toBe(expected);
  });
});

describe('apiDocsEnabled and TRUST_PROXY', () => {
  it.each([
    [{}, false], // NODE_ENV defaults to production
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', API_DOCS: 'true' }, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'development', API_DOCS: 'false' }, false],
  ])('API docs %o → %s', (source, expected) => {
    expect(apiDocsEnabled(parseEnv(source))).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['10.0.0.1, 10.0.0.0/8', '10.0.0.1, 10.0.0.0/8'],
  ])('TRUST_PROXY=%s → %s', (value, expected) => {
    expect(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(
      expected,
    );
  });
});

describe('HOST, PUBLIC_URL and ALLOW_DEMO_IN_PRODUCTION', () => {
  it('listens on loopback by default, and PUBLIC_URL follows HOST', () => {
    const env = parseEnv({});
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.ALLOW_DEMO_IN_PRODUCTION).toBe(false);
    expect(publicUrl(env)).toBe('http://127.0.0.1:3000');
    expect(publicUrl(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicUrl(parseEnv({ HOST: '::1' }))).toBe('http://[::1]:3000');
    expect(publicUrl(parseEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://school.example/' }))).toBe(
      'https://school.example',
    );
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['128.0.0.1', false],
    ['::2', false],
    ['::ffff:10.0.0.1', false],
    ['school.example', false],
    ['localhost.example', false],
  ])('HOST=%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('a production server with demo sign-ins may listen beyond loopback only when told so', () => {
    expect(demoStartRefusal(parseEnv({}))).toBeNull();
    expect(demoStartRefusal(parseEnv({ HOST: '::1' }))).toBeNull();
    expect(demoStartRefusal(parseEnv({ HOST: '0.0.0.0' }))).toMatch(/HOST=0\.0\.0\.0/);
    expect(
      demoStartRefusal(parseEnv({ HOST: '0.0.0.0', ALLOW_DEMO_IN_PRODUCTION: 'true' })),
    ).toBeNull();
  });
});

describe('prepareDemo at start', () => {
  let database: Database;
  const log = { info: vi.fn(), warn: vi.fn() };
  const prepare = (source: Record<string, string>) =>
    prepareDemo(database.db, parseEnv(source), log as never);
  const warnings = () => log.warn.mock.calls.map((c) => String(c[0]));
  let printed: MockInstance<typeof console.log>;
  const printedText = () => printed.mock.calls.map((c) => String(c[0])).join('\n');

  beforeAll(async () => {
    database = await freshDatabase();
    printed = vi.spyOn(console, 'log').mockImplementation(() => {}); // the printed sign-ins
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('on PostgreSQL without SEED_DEMO seeds nothing (a production deployment has no demo accounts)', async () => {
    await prepare({ NODE_ENV: 'production', DATABASE_URL: PG });
    await prepare({ NODE_ENV: 'production', DATABASE_URL: PG, SEED_DEMO: 'false' });
    await prepare({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(await isEmpty(database.db)).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
    expect(printed).not.toHaveBeenCalled();
  });

  it('on the embedded database seeds by default and, in production, warns loudly that demo sign-ins work', async () => {
    await prepare({ NODE_ENV: 'production' });
    expect(await isEmpty(database.db)).toBe(false);
    expect(warnings()).toEqual([DEMO_IN_PRODUCTION_WARNING]);
    expect(DEMO_IN_PRODUCTION_WARNING).toMatch(/DEMO SIGN-INS/);
    expect(DEMO_IN_PRODUCTION_WARNING).toContain(DEMO_PASSWORD);
    // The first start prints the sign-ins and the school token it just made.
    expect(printedText()).toContain(DEMO_SIGN_INS.join('\n'));
    expect(printedText()).toMatch(
      /School token sign-in \(school DEMO, signs in as store\): \S{20,}/,
    );
  });

  it('prints the demo sign-ins again at every later start, and says how to get a school token', async () => {
    printed.mockClear();
    await expect(prepare({ NODE_ENV: 'development' })).resolves.toBe(true);
    expect(printedText()).toBe([...DEMO_SIGN_INS, DEMO_SCHOOL_TOKEN_LATER].join('\n'));
    expect(printedText()).toContain(`district owner (DEMO and OTHER): ${DEMO_DISTRICT_OWNER}`);
  });

  it('in production refuses to start beyond loopback, unless ALLOW_DEMO_IN_PRODUCTION=true', async () => {
    log.warn.mockClear();
    const refused = prepare({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    await expect(refused).rejects.toBeInstanceOf(StartRefusedError);
    await expect(refused).rejects.toThrow(/demo sign-ins work.*HOST=0\.0\.0\.0/);
    await expect(
      prepare({ NODE_ENV: 'production', HOST: '10.1.2.3', DATABASE_URL: PG }),
    ).rejects.toThrow(/ALLOW_DEMO_IN_PRODUCTION=true/);
    expect(log.warn).not.toHaveBeenCalled();
    await prepare({ NODE_ENV: 'production', HOST: '0.0.0.0', ALLOW_DEMO_IN_PRODUCTION: 'true' });
    await prepare({ NODE_ENV: 'production', HOST: 'localhost' });
    await prepare({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    expect(warnings()).toEqual([DEMO_IN_PRODUCTION_WARNING, DEMO_IN_PRODUCTION_WARNING]);
  });

  it('warns in production whenever the demo sign-ins work, even when this start did not seed them', async () => {
    log.warn.mockClear();
    await prepare({ NODE_ENV: 'production', DATABASE_URL: PG });
    expect(warnings()).toEqual([DEMO_IN_PRODUCTION_WARNING]);
  });

  it('does not warn outside production', async () => {
    log.warn.mockClear();
    await prepare({ NODE_ENV: 'development' });
    await prepare({ NODE_ENV: 'test' });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('neither warns, prints nor refuses once the demo admins and the district owner have their own passwords', async () => {
    const own = await hashPassword('a-real-secret');
    const setOwn = (username: string) =>
      database.db
        .update(credentials)
        .set({ passwordHash: own })
        .where(eq(credentials.username, username));
    await setOwn(DEMO_ADMIN);
    await setOwn(DEMO_OTHER_ADMIN);
    log.warn.mockClear();
    await prepare({ NODE_ENV: 'production' });
    expect(log.warn).toHaveBeenCalledTimes(1); // the district owner still has the demo password
    await setOwn(DEMO_DISTRICT_OWNER);
    log.warn.mockClear();
    printed.mockClear();
    await expect(prepare({ NODE_ENV: 'production', HOST: '0.0.0.0' })).resolves.toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
    expect(printed).not.toHaveBeenCalled();
  });
});
