import { clockNow } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';
import { atNoon, instantIn } from './helpers/test-clock.js';

/**
 * A give made offline (issue 35) is sent later with the time it was made (`madeAt`) and its
 * Idempotency-Key: it is a give of the day it was made, in the school's time zone, and is refused
 * when sent more than 3 school days after that day (weekends and holidays do not count).
 */
const ctx = useTestApp();
const ZONE = 'America/New_York';
const TOO_LATE = 'This give was made more than 3 school days ago and can no longer be sent.';
let school: SchoolRow;
let teacher: UserRow;
let kid: UserRow;
let kindness: string;
let seq = 0;

/** The teacher's session, signed in on the clock's day (a session lasts hours, not days). */
const session = () => signIn(ctx.app, teacher);

const give = (
  token: string,
  extra: Record<string, unknown>,
  headers: Record<string, string> = {},
  key = `offline-${++seq}`,
) =>
  call(ctx.app, 'POST', '/activity/bulk', {
    token,
    payload: { externalStudentIds: [kid.externalId], activityTypes: [kindness], ...extra },
    headers: { 'idempotency-key': key, ...headers },
  });

/** The instant `date` `hh`:00 in the school's zone, as a device writes it (with its offset). */
const madeAt = (date: string, hh = 10) => instantIn(ZONE, date, hh).toISOString();

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db, { timeZone: ZONE });
  teacher = await makeUser(db, school, ['TEACHER']);
  kid = await makeUser(db, school, ['STUDENT']);
  await makePeriod(db, school, teacher, [kid]);
  kindness = (await typeByName(db, school, 'Kindness')).id;
});

describe('a give made offline', () => {
  it('made on Friday and sent on Monday is a give of Friday', async () => {
    atNoon('2026-10-19', ZONE); // a Monday
    const token = await session();
    const res = await give(token, { madeAt: madeAt('2026-10-16', 14) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ date: '2026-10-16', studentCount: 1 });
    const list = await call(ctx.app, 'GET', `/activity/?studentId=${kid.id}&limit=1`, { token });
    expect(list.body[0]).toMatchObject({ date: '2026-10-16' });
    // Sent again with its key (the device did not hear the answer): the first answer, once.
    const key = 'offline-again';
    const first = await give(token, { madeAt: madeAt('2026-10-16', 15) }, {}, key);
    const retry = await give(token, { madeAt: madeAt('2026-10-16', 15) }, {}, key);
    expect(retry).toMatchObject({ status: 200, body: first.body });
  });

  it("is of the day it was made in the school's time zone, whatever the offset it was written with", async () => {
    atNoon('2026-10-19', ZONE);
    const token = await session();
    // 23:30 on Thursday in New York is already Friday in UTC.
    const lateThursday = instantIn(ZONE, '2026-10-15', 23, 30).toISOString();
    expect(lateThursday.slice(0, 10)).toBe('2026-10-16');
    expect((await give(token, { madeAt: lateThursday })).body).toMatchObject({
      date: '2026-10-15',
    });
    const withOffset = '2026-10-16T09:00:00.000-04:00';
    expect((await give(token, { madeAt: withOffset })).body).toMatchObject({ date: '2026-10-16' });
    // A date sent with it must be that day.
    expect((await give(token, { madeAt: madeAt('2026-10-16'), date: '2026-10-16' })).status).toBe(
      200,
    );
    const other = await give(token, { madeAt: madeAt('2026-10-16'), date: '2026-10-15' });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('madeAt');
  });

  it('made 3 school days before is sent; 4 school days before is refused with a message', async () => {
    atNoon('2026-10-19', ZONE); // Monday: Wednesday the 14th is 3 school days back, Tuesday 4
    const token = await session();
    expect((await give(token, { madeAt: madeAt('2026-10-14') })).body).toMatchObject({
      date: '2026-10-14',
    });
    expect(await give(token, { madeAt: madeAt('2026-10-13') })).toMatchObject({
      status: 400,
      body: { message: TOO_LATE },
    });
    expect(
      await give(token, { madeAt: madeAt('2026-10-13') }, { 'accept-language': 'es' }),
    ).toMatchObject({
      status: 400,
      body: {
        message: 'Estos puntos se dieron hace más de 3 días de clase y ya no se pueden enviar.',
      },
    });
    // Nothing was given for the refused days.
    const list = await call(
      ctx.app,
      'GET',
      `/activity/?studentId=${kid.id}&startDate=2026-10-13&endDate=2026-10-13`,
      { token },
    );
    expect(list.body).toEqual([]);
  });

  it('a holiday does not count as a school day', async () => {
    atNoon('2026-10-19', ZONE);
    const admin = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']));
    const holiday = await call(ctx.app, 'POST', '/calendar/holidays', {
      token: admin,
      payload: { date: '2026-10-21', name: 'Offline day' },
    });
    expect(holiday.status, JSON.stringify(holiday.body)).toBeLessThan(300);
    // Thursday: after Friday's give Monday, Tuesday and Thursday (Wednesday a holiday); after
    // Thursday's, Friday too.
    atNoon('2026-10-22', ZONE);
    const token = await session();
    expect((await give(token, { madeAt: madeAt('2026-10-16') })).status).toBe(200);
    expect(await give(token, { madeAt: madeAt('2026-10-15') })).toMatchObject({
      status: 400,
      body: { message: TOO_LATE },
    });
  });

  it('made in the future is refused; a clock a few minutes fast is not', async () => {
    atNoon('2026-10-19', ZONE);
    const token = await session();
    const now = clockNow().getTime();
    const ahead = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    expect((await give(token, { madeAt: ahead(2) })).body).toMatchObject({ date: '2026-10-19' });
    expect(await give(token, { madeAt: ahead(30) })).toMatchObject({
      status: 400,
      body: { message: 'date cannot be in the future' },
    });
    expect((await give(token, { madeAt: '2026-10-19' })).status).toBe(400);
    expect((await give(token, { madeAt: 'yesterday' })).status).toBe(400);
  });
});
