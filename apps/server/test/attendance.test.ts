import { and, eq } from 'drizzle-orm';
import { addDays, isWeekend, lastSchoolDay, MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { absences, activities, activityAudit, holidays, wallets } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { ledgerDrift, schoolDay } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
let school: SchoolRow;
let s1: UserRow;
let s2: UserRow;
let s3: UserRow;
let day: string;
let yearStart: string;
let yearEnd: string;
let today: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const b = await makeSchool(db);
  u.teacher = await makeUser(db, school, ['TEACHER']);
  u.other = await makeUser(db, school, ['TEACHER']);
  u.admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  u.student = await makeUser(db, school, ['STUDENT']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  s1 = await makeUser(db, school, ['STUDENT'], { lastName: 'Adams' });
  s2 = await makeUser(db, school, ['STUDENT'], { lastName: 'Baker' });
  s3 = await makeUser(db, school, ['STUDENT'], { lastName: 'Cole' });
  await makePeriod(db, school, u.teacher, [s1, s2, u.student]);
  await makePeriod(db, school, u.other, [s3]);
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
  day = await schoolDay(db, school);
  const cal = await loadCalendar(db, school);
  ({ yearStart, yearEnd, today } = cal);
});

const mark = (
  token: string | undefined,
  id: string,
  date?: string,
  method: 'POST' | 'DELETE' = 'POST',
) => call(ctx.app, method, `/activity/absent/${id}${date ? `?date=${date}` : ''}`, { token });

describe('POST activity/absent/{id}', () => {
  it('401 without a token', async () => {
    expect((await mark(undefined, s1.id, day)).status).toBe(401);
  });

  it('400 with the exact message for bad dates', async () => {
    const db = ctx.database.db;
    let weekend = day;
    while (!isWeekend(weekend)) weekend = addDays(weekend, -1);
    const holiday = lastSchoolDay(await loadCalendar(db, school), addDays(day, -1))!;
    await db.insert(holidays).values({ schoolId: school.id, date: holiday, name: 'Founders day' });
    const cases: [string, string][] = [
      ['2025-13-01', 'date must be a date (YYYY-MM-DD)'],
      [weekend, MSG.notOnWeekends],
      [holiday, MSG.schoolOnHoliday],
      [addDays(today, 1), 'date cannot be in the future'],
      [addDays(yearEnd, 1), MSG.schoolYearEnded],
      [addDays(yearStart, -1), 'date is before the school year started'],
    ];
    for (const [date, message] of cases)
      expect(await mark(tok.teacher, s1.id, date)).toMatchObject({
        status: 400,
        body: { message },
      });
  });

  it('403 for a student or a teacher of other classes; 404 for another school or a bad id', async () => {
    expect((await mark(tok.student, s1.id, day)).status).toBe(403);
    expect((await mark(tok.other, s1.id, day)).status).toBe(403);
    expect((await mark(tok.adminB, s1.id, day)).status).toBe(404);
    expect((await mark(tok.teacher, 'abc', day)).status).toBe(404);
    expect((await mark(tok.teacher, u.other!.id, day)).status).toBe(404); // not a student
  });

  it('creates once however often it is sent; the date may come in the body; admins reach any student', async () => {
    const db = ctx.database.db;
    expect(await mark(tok.teacher, s1.id, day)).toMatchObject({
      status: 200,
      body: { studentId: s1.id, date: day, absent: true },
    });
    expect((await mark(tok.teacher, s1.id, day)).status).toBe(200);
    const viaBody = await call(ctx.app, 'POST', `/activity/absent/${s3.id}`, {
      token: tok.admin,
      payload: { date: day },
    });
    expect(viaBody).toMatchObject({ status: 200, body: { studentId: s3.id, date: day } });
    const rows = await db
      .select()
      .from(absences)
      .where(and(eq(absences.schoolId, school.id), eq(absences.date, day)));
    expect(rows.map((r) => r.studentId).sort()).toEqual([s1.id, s3.id].sort());
  });
});

describe('GET activity/absent', () => {
  it('401 without a token, 400 for a bad date, 403 for a student', async () => {
    expect((await call(ctx.app, 'GET', `/activity/absent?date=${day}`)).status).toBe(401);
    expect(
      await call(ctx.app, 'GET', '/activity/absent?date=yesterday', { token: tok.teacher }),
    ).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
    expect(
      (await call(ctx.app, 'GET', `/activity/absent?date=${day}`, { token: tok.student })).status,
    ).toBe(403);
  });

  it('lists what the caller may see', async () => {
    const mine = await call(ctx.app, 'GET', `/activity/absent?date=${day}&time=1`, {
      token: tok.teacher,
    });
    expect(mine).toMatchObject({
      status: 200,
      body: [
        {
          studentId: s1.id,
          date: day,
          firstName: s1.firstName,
          lastName: 'Adams',
          externalStudentId: s1.externalId,
        },
      ],
    });
    expect(mine.body).toHaveLength(1);
    const all = await call(ctx.app, 'GET', `/activity/absent?date=${day}`, { token: tok.admin });
    expect(all.body.map((a: { studentId: string }) => a.studentId)).toEqual([s1.id, s3.id]);
    expect(
      (await call(ctx.app, 'GET', `/activity/absent?date=${day}`, { token: tok.adminB })).body,
    ).toEqual([]);
  });
});

describe('DELETE activity/absent/{id}', () => {
  it('401, 403, 404, then removes (idempotently)', async () => {
    expect((await mark(undefined, s1.id, day, 'DELETE')).status).toBe(401);
    expect((await mark(tok.other, s1.id, day, 'DELETE')).status).toBe(403);
    expect((await mark(tok.adminB, s1.id, day, 'DELETE')).status).toBe(404);
    expect(await mark(tok.teacher, s1.id, day, 'DELETE')).toMatchObject({
      status: 200,
      body: { studentId: s1.id, date: day, absent: false },
    });
    expect((await mark(tok.teacher, s1.id, day, 'DELETE')).status).toBe(200);
    const left = await call(ctx.app, 'GET', `/activity/absent?date=${day}`, { token: tok.admin });
    expect(left.body.map((a: { studentId: string }) => a.studentId)).toEqual([s3.id]);
  });
});

describe('absences after the daily points were given', () => {
  it('take back the attendance points, and give them back when the absence goes', async () => {
    const db = ctx.database.db;
    // A school day before `day` (the calendar skips the holiday added above).
    const on = lastSchoolDay(await loadCalendar(db, school), addDays(day, -1))!;
    expect((await runDailyPoints(db, school.id, on)).given).toBe(true);
    const balance = async () =>
      (
        await db
          .select()
          .from(wallets)
          .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, s2.id)))
      )[0]!.balance;
    const attendance = () =>
      db
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.schoolId, school.id),
            eq(activities.studentId, s2.id),
            eq(activities.date, on),
            eq(activities.category, 'Daily Attendance'),
          ),
        );
    expect(await balance()).toBe(4);

    expect((await mark(tok.teacher, s2.id, on)).status).toBe(200);
    expect(await attendance()).toEqual([]);
    expect(await balance()).toBe(2);
    expect((await mark(tok.teacher, s2.id, on)).status).toBe(200);
    expect(await balance()).toBe(2);
    const audit = await db
      .select()
      .from(activityAudit)
      .where(
        and(eq(activityAudit.schoolId, school.id), eq(activityAudit.changedBy, u.teacher!.id)),
      );
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    expect(await ledgerDrift(db, school.id)).toEqual([]);

    expect((await mark(tok.teacher, s2.id, on, 'DELETE')).status).toBe(200);
    expect(await attendance()).toHaveLength(1);
    expect(await balance()).toBe(4);
    expect((await mark(tok.teacher, s2.id, on, 'DELETE')).status).toBe(200);
    expect(await balance()).toBe(4);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
