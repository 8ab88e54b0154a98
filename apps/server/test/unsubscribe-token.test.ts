import { describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The digest's unsubscribe link (docs/decisions/115-guardians.md) is public: whatever token it
 * is sent, a malformed one is 400 with a message, never a 500 (issue 31, M2: the token's first 36
 * characters went to PostgreSQL as a school id).
 */
const ctx = useTestApp();

describe('guardian/unsubscribe with a malformed token', () => {
  const dashes = '-'.repeat(36);
  const as = 'a'.repeat(36);
  const tokens = [
    dashes,
    as,
    `${dashes}.x`,
    `${as}.x`,
    `${'0'.repeat(36)}.x`,
    `${'f'.repeat(8)}-${'f'.repeat(4)}-${'f'.repeat(4)}-${'f'.repeat(4)}-${'f'.repeat(12)}.x`,
    `${'-'.repeat(8)}a${'-'.repeat(27)}.abc`,
    '',
  ];

  for (const method of ['GET', 'POST'] as const)
    it.each(tokens)(`${method} token=%j is 400 with a message`, async (token) => {
      const res = await call(
        ctx.app,
        method,
        `/guardian/unsubscribe?token=${encodeURIComponent(token)}`,
      );
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
    });

  it('a well-formed token of no link is 400 "does not work any more"', async () => {
    const school = await makeSchool(ctx.database.db);
    const res = await call(ctx.app, 'GET', `/guardian/unsubscribe?token=${school.id}.nothing`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This unsubscribe link does not work any more.');
  });
});

describe('other ids of 36 dashes are 4xx, never a 500', () => {
  const dashes = '-'.repeat(36);
  it('a picture of no real id is 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${dashes}/${dashes}.webp` });
    expect(res.statusCode).toBe(404);
  });

  it('a report filtered by a class id that is no id finds that class empty', async () => {
    const school = await makeSchool(ctx.database.db);
    const admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
    const res = await call(ctx.app, 'GET', `/reports/school-students?periodId=${dashes}`, {
      token: await signIn(ctx.app, admin),
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });
});
