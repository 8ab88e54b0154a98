import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SetupInput } from '@app/domain';
import { prepareFirstStart } from '../src/boot.js';
import { schoolYears, setupCodes, schools, activityTypes, houses } from '../src/db/schema.js';
import { call, useTestApp } from './helpers/test-app.js';

/** The first start (docs/decisions/075-setup-code.md): the code in the log, POST setup, and the refusals. */
const ctx = useTestApp();
const log = vi.spyOn(console, 'log');
beforeAll(() => log.mockImplementation(() => {}));
afterAll(() => log.mockRestore());

const body = (code: string, over: Partial<SetupInput['owner']> = {}): SetupInput => ({
  code,
  districtName: 'Springfield District',
  school: {
    name: 'Lincoln Middle School',
    code: 'lincoln',
    timeZone: 'America/Chicago',
    schoolType: 'Middle',
    storeModel: 'Pickup',
    hasHouseSystem: true,
    canTeacherGiveAll: false,
  },
  owner: {
    firstName: 'Pat',
    lastName: 'Lee',
    email: 'pat@springfield.example.org',
    username: 'pat.lee',
    password: 'correct horse battery',
    ...over,
  },
});

/** Starts the server's first-start step and reads the code back from the line it printed. */
async function codeFromLog(): Promise<string> {
  log.mockClear();
  const code = await prepareFirstStart(ctx.database.db, {
    PORT: 3000,
    HOST: '127.0.0.1',
    PUBLIC_URL: undefined,
  });
  const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.includes('setup code'));
  expect(line).toBeDefined();
  const printed = /setup code ([A-Z0-9-]+)/.exec(line!)![1]!;
  expect(printed).toBe(code);
  return printed;
}

describe('first start', () => {
  it('on a database with no school: open, a fresh code at every start, only its hash kept', async () => {
    expect((await call(ctx.app, 'GET', '/setup')).body).toEqual({ open: true });
    const first = await codeFromLog();
    const second = await codeFromLog();
    expect(second).not.toBe(first);
    const rows = await ctx.database.db.select().from(setupCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(second.replace(/-/g, ''));
    // The earlier start's code no longer works: the last printed wins.
    const old = await call(ctx.app, 'POST', '/setup', { payload: body(first) });
    expect(old.status).toBe(403);
    expect(old.body.message).toMatch(/setup code/);
  });

  it('a wrong code is 403 about the setup code; bad input is 400 per field; nothing is written', async () => {
    const code = await codeFromLog();
    const wrong = await call(ctx.app, 'POST', '/setup', { payload: body('AAAA-BBBB-CCCC') });
    expect(wrong).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/setup code/) },
    });
    const weak = await call(ctx.app, 'POST', '/setup', {
      payload: body(code, { password: 'password' }),
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/password/i);
    const short = await call(ctx.app, 'POST', '/setup', {
      payload: body(code, { password: 'abc' }),
    });
    expect(short.body.message).toMatch(/at least/);
    const zone = await call(ctx.app, 'POST', '/setup', {
      payload: { ...body(code), school: { ...body(code).school, timeZone: 'Mars/Olympus' } },
    });
    expect(zone).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/timeZone/) },
    });
    const [n] = await ctx.database.db.select({ n: count() }).from(schools);
    expect(n!.n).toBe(0);
  });

  it('the right code makes district, school and owner, signs the owner in; the code dies; setup is closed', async () => {
    const code = await codeFromLog();
    // Typed loosely: lower case, without dashes.
    const res = await call(ctx.app, 'POST', '/setup', {
      payload: body(code.replace(/-/g, '').toLowerCase()),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ roles: ['SUPER_ADMIN'], username: 'pat.lee' });
    const me = await call(ctx.app, 'POST', '/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    // The owner's own password works at the sign-in.
    const login = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: 'pat.lee', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    // The school is whole: its year, its actions and its houses; its code in capitals.
    const db = ctx.database.db;
    const [school] = await db.select().from(schools);
    expect(school).toMatchObject({
      externalId: 'LINCOLN',
      timeZone: 'America/Chicago',
      canTeacherGiveAll: false,
      hasHouseSystem: true,
    });
    expect(await db.select().from(schoolYears)).toHaveLength(1);
    expect((await db.select().from(activityTypes)).length).toBeGreaterThan(5);
    expect(await db.select().from(houses)).toHaveLength(4);
    expect(await db.select().from(setupCodes)).toHaveLength(0);
    // Used: the same code again, and any code, is refused; the district console opens to the owner.
    const again = await call(ctx.app, 'POST', '/setup', { payload: body(code) });
    expect(again).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/already set up/) },
    });
    expect((await call(ctx.app, 'GET', '/setup')).body).toEqual({ open: false });
    const district = await call(ctx.app, 'GET', '/district/schools', { token: res.body.token });
    expect(district.body.district.name).toBe('Springfield District');
    // A start once a school exists prints no code.
    log.mockClear();
    expect(
      await prepareFirstStart(db, { PORT: 3000, HOST: '127.0.0.1', PUBLIC_URL: undefined }),
    ).toBeNull();
    expect(log.mock.calls.some((c) => String(c[0]).includes('setup code'))).toBe(false);
  });
});
