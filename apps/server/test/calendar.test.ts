import { addDays, isSchoolDay, lastSchoolDay } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { schoolDay } from './helpers/economy.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
let school: SchoolRow;
let yearStart: string;
let yearEnd: string;
let today: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const b = await makeSchool(db);
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.teacher = await signIn(ctx.app, await makeUser(db, school, ['TEACHER']));
  tok.student = await signIn(ctx.app, await makeUser(db, school, ['STUDENT']));
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
  ({ yearStart, yearEnd, today } = await loadCalendar(db, school));
});

const add = (token: string | undefined, payload: object) =>
  call(ctx.app, 'POST', '/calendar/holidays', { token, payload });
const remove = (token: string | undefined, date: string) =>
  call(ctx.app, 'DELETE', `/calendar/holidays/${date}`, { token });

describe('GET calendar', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/calendar')).status).toBe(401);
  });

  it('shows the year, its holidays and whether today is a school day, to every role', async () => {
    const res = await call(ctx.app, 'GET', `/calendar?time=${Date.now()}`, { token: tok.student });
    expect(res.status).toBe(200);
    const cal = await loadCalendar(ctx.database.db, school);
    expect(res.body).toEqual({
      start: yearStart,
      end: yearEnd,
      givingStartDate: cal.givingStart,
      holidays: [],
      today,
      schoolDays: isSchoolDay(cal, today),
    });
  });
});

describe('POST calendar/holidays', () => {
  it('401 without a token; 403 for anyone but a school admin', async () => {
    expect((await add(undefined, { date: today, name: 'x' })).status).toBe(401);
    expect((await add(tok.teacher, { date: today, name: 'x' })).status).toBe(403);
    expect((await add(tok.student, { date: today, name: 'x' })).status).toBe(403);
  });

  it('400 with the exact message for a bad date, a bad name or a date outside the year', async () => {
    expect(await add(tok.admin, { date: '2025-02-30', name: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
    expect(await add(tok.admin, { name: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'date is required' },
    });
    expect(await add(tok.admin, { date: today, name: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'name is required' },
    });
    expect(await add(tok.admin, { date: addDays(yearEnd, 1) })).toMatchObject({
      status: 400,
      body: { message: `date must be within the school year (${yearStart} to ${yearEnd})` },
    });
  });

  it('409 for a day whose daily points were already given', async () => {
    const db = ctx.database.db;
    const day = lastSchoolDay(
      await loadCalendar(db, school),
      addDays(await schoolDay(db, school), -1),
    )!;
    expect((await runDailyPoints(db, school.id, day)).given).toBe(true);
    expect(await add(tok.admin, { date: day })).toMatchObject({
      status: 409,
      body: { message: 'date: daily points were already given on that day' },
    });
  });

  it('adds a holiday (renaming on a second call) that the calendar then shows, only in its own school', async () => {
    const date = addDays(today, 7);
    expect(await add(tok.admin, { date, name: 'Winter break' })).toMatchObject({
      status: 200,
      body: { date, name: 'Winter break' },
    });
    expect(await add(tok.admin, { date, name: 'Winter holiday' })).toMatchObject({
      status: 200,
      body: { date, name: 'Winter holiday' },
    });
    const mine = await call(ctx.app, 'GET', '/calendar', { token: tok.teacher });
    expect(mine.body.holidays).toEqual([{ date, name: 'Winter holiday' }]);
    const theirs = await call(ctx.app, 'GET', '/calendar', { token: tok.adminB });
    expect(theirs.body.holidays).toEqual([]);
  });
});

describe('DELETE calendar/holidays/{date}', () => {
  it('401, 403, 400, 404, then removes', async () => {
    const date = addDays(today, 8);
    await add(tok.admin, { date, name: 'Teacher day' });
    expect((await remove(undefined, date)).status).toBe(401);
    expect((await remove(tok.teacher, date)).status).toBe(403);
    expect(await remove(tok.admin, 'soon')).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
    expect((await remove(tok.admin, addDays(yearStart, -1))).status).toBe(400);
    expect(await remove(tok.adminB, date)).toMatchObject({
      status: 404,
      body: { message: 'Holiday not found' },
    });
    expect(await remove(tok.admin, date)).toMatchObject({
      status: 200,
      body: { date, deleted: true },
    });
    expect((await remove(tok.admin, date)).status).toBe(404);
    const res = await call(ctx.app, 'GET', '/calendar', { token: tok.admin });
    expect(res.body.holidays.map((h: { date: string }) => h.date)).not.toContain(date);
  });
});
