import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_IN_PRODUCTION_WARNING, prepareDemo } from '../src/boot.js';
import type { Database } from '../src/db/client.js';
import { credentials } from '../src/db/schema.js';
import { apiDocsEnabled, parseEnv, shouldSeedDemo } from '../src/env.js';
import { hashPassword } from '../src/lib/tokens.js';
import { DEMO_ADMIN, DEMO_OTHER_ADMIN, DEMO_PASSWORD, isEmpty } from '../src/seed/demo.js';
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

describe('prepareDemo at start', () => {
  let database: Database;
  const log = { info: vi.fn(), warn: vi.fn() };
  const prepare = (source: Record<string, string>) =>
    prepareDemo(database.db, parseEnv(source), log as never);
  const warnings = () => log.warn.mock.calls.map((c) => String(c[0]));

  beforeAll(async () => {
    database = await freshDatabase();
    vi.spyOn(console, 'log').mockImplementation(() => {}); // the printed sign-ins
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
  });

  it('on the embedded database seeds by default and, in production, warns loudly that demo sign-ins work', async () => {
    await prepare({ NODE_ENV: 'production' });
    expect(await isEmpty(database.db)).toBe(false);
    expect(warnings()).toEqual([DEMO_IN_PRODUCTION_WARNING]);
    expect(DEMO_IN_PRODUCTION_WARNING).toMatch(/DEMO SIGN-INS/);
    expect(DEMO_IN_PRODUCTION_WARNING).toContain(DEMO_PASSWORD);
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

  it('does not warn once the demo admins have their own passwords', async () => {
    const own = await hashPassword('a-real-secret');
    await database.db
      .update(credentials)
      .set({ passwordHash: own })
      .where(eq(credentials.username, DEMO_ADMIN));
    log.warn.mockClear();
    await prepare({ NODE_ENV: 'production' });
    expect(log.warn).toHaveBeenCalledTimes(1); // other-admin still has the demo password
    await database.db
      .update(credentials)
      .set({ passwordHash: own })
      .where(eq(credentials.username, DEMO_OTHER_ADMIN));
    log.warn.mockClear();
    await prepare({ NODE_ENV: 'production' });
    expect(log.warn).not.toHaveBeenCalled();
  });
});
