import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SetupInput } from '@app/domain';
import { prepareFirstStart } from '../src/boot.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * POST setup's guessing limit (docs/decisions/075-setup-code.md) counts per address only (issue
 * 31, L2): wrong codes from a few addresses must not lock everyone else out of /setup.
 */
const ctx = useTestApp();
const log = vi.spyOn(console, 'log');
beforeAll(() => log.mockImplementation(() => {}));
afterAll(() => log.mockRestore());

const body = (code: string): SetupInput => ({
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
  },
});

const setup = (code: string, remoteAddress: string) =>
  call(ctx.app, 'POST', '/setup', { payload: body(code), remoteAddress });

describe('POST setup under guessing', () => {
  it('100 wrong codes from ten addresses block those addresses only; another one still sets up', async () => {
    const code = await prepareFirstStart(ctx.database.db, {
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: undefined,
    });
    expect(code).toBeTruthy();
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 10; i++)
        expect((await setup('AAAA-BBBB-CCCC', `198.51.100.${a}`)).status).toBe(403);
    // Each guessing address is at its limit...
    const more = await setup('AAAA-BBBB-CCCC', '198.51.100.1');
    expect(more.status).toBe(429);
    expect(more.body.message).toEqual(expect.any(String));
    // ...and everyone else is not: a wrong code is still told as such, the right one works.
    expect((await setup('AAAA-BBBB-CCCC', '203.0.113.7')).status).toBe(403);
    const ok = await setup(code!, '203.0.113.8');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
  });
});
