import { describe, expect, it } from 'vitest';
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
