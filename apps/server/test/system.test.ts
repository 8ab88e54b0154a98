import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { credentials } from '../src/db/schema.js';
import {
  DEMO_ADMIN,
  DEMO_DISTRICT_OWNER,
  DEMO_OTHER_ADMIN,
  DEMO_PASSWORD,
} from '../src/lib/demo-sign-ins.js';
import { hashPassword } from '../src/lib/tokens.js';
import { makeSchool, makeUser } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

describe('without RELEASE', () => {
  const ctx = useTestApp();

  it('GET status is public and says whether the database answers, without naming its kind', async () => {
    const res = await call(ctx.app, 'GET', `/status?time=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: 'ok',
      release: 'development',
      databaseMs: expect.any(Number),
    });
    expect(res.body).not.toHaveProperty('databaseKind');
    expect(JSON.stringify(res.body)).not.toMatch(/pglite|postgres/i);
    expect(Number.isNaN(Date.parse(res.body.time))).toBe(false);
  });

  it('GET status ignores a stale token', async () => {
    const res = await call(ctx.app, 'GET', '/status', { token: 'stale-token' });
    expect(res.status).toBe(200);
  });

  it("GET release is public and falls back to 'development'", async () => {
    const res = await call(ctx.app, 'GET', '/release');
    expect(res).toMatchObject({ status: 200, body: { release: 'development' } });
  });
});

describe('with RELEASE', () => {
  const ctx = useTestApp({ RELEASE: 'r-2025.08.16' });

  it('GET release and GET status carry it', async () => {
    expect((await call(ctx.app, 'GET', '/release')).body).toEqual({ release: 'r-2025.08.16' });
    expect((await call(ctx.app, 'GET', '/status')).body.release).toBe('r-2025.08.16');
  });
});

describe('GET status says whether the demo sign-ins work (the web shows the demo banner)', () => {
  const ctx = useTestApp();
  const demo = async () => (await call(ctx.app, 'GET', '/status')).body.demo;
  const setPassword = (username: string, passwordHash: string) =>
    ctx.database.db
      .update(credentials)
      .set({ passwordHash })
      .where(eq(credentials.username, username));

  it('false without demo accounts, true while a demo admin or the district owner has the published password', async () => {
    expect(await demo()).toBe(false);
    const school = await makeSchool(ctx.database.db);
    for (const username of [DEMO_ADMIN, DEMO_OTHER_ADMIN, DEMO_DISTRICT_OWNER])
      await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN'], { username });
    expect(await demo()).toBe(false); // their own passwords
    const published = await hashPassword(DEMO_PASSWORD);
    await setPassword(DEMO_DISTRICT_OWNER, published);
    expect(await demo()).toBe(true);
    await setPassword(DEMO_ADMIN, published);
    expect(await demo()).toBe(true);
  });

  it('false once every one of them has a password of their own, at once and without a restart', async () => {
    const own = await hashPassword('a-real-secret');
    await setPassword(DEMO_DISTRICT_OWNER, own);
    expect(await demo()).toBe(true); // admin still has the published one
    await setPassword(DEMO_ADMIN, own);
    expect(await demo()).toBe(false);
  });
});
