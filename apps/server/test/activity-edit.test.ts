import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityAudit } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let school: SchoolRow;
let teacher: UserRow;
let other: UserRow;
let student: UserRow;
let day: string;
let tokens: Record<
  'teacher' | 'other' | 'admin' | 'student' | 'outsider' | 'otherAdmin' | 'loner',
  string
>;
let bonusId: string;
let bonus2Id: string;

async function giveOne(token: string): Promise<string> {
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token,
    payload: {
      externalStudentIds: [student.externalId],
      activityTypes: [bonusId],
      date: day,
      comment: 'first',
    },
  });
  expect(res.status).toBe(200);
  const list = await call(ctx.app, 'GET', `/activity/?studentId=${student.id}&limit=1`, { token });
  return list.body[0]._id;
}
const balance = async () =>
  (
    await call(ctx.app, 'GET', `/utility/student/balance/stats?studentId=${student.id}`, {
      token: tokens.admin,
    })
  ).body.balance;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  teacher = await makeUser(db, school, ['TEACHER']);
  other = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  await makePeriod(db, school, teacher, [student]);
  day = await schoolDay(db, school);
  bonusId = (await typeByName(db, school, 'Helping others')).id;
  bonus2Id = (await typeByName(db, school, 'Leadership')).id;
  tokens = <typeof tokens>{
    teacher: await signIn(ctx.app, teacher),
    other: await signIn(ctx.app, other),
    admin: await signIn(ctx.app, admin),
    student: await signIn(ctx.app, student),
  };
});

describe('GET activity/', () => {
  it('401 without a token, 400 for a bad filter, 404 for an unknown student', async () => {
    expect((await call(ctx.app, 'GET', '/activity/')).status).toBe(401);
    expect(
      (await call(ctx.app, 'GET', '/activity/?category=Nope', { token: tokens.teacher })).status,
    ).toBe(400);
    expect(
      (await call(ctx.app, 'GET', '/activity/?startDate=yesterday', { token: tokens.teacher })).body
        .message,
    ).toBe('startDate must be a date (YYYY-MM-DD)');
    expect(
      (await call(ctx.app, 'GET', '/activity/?studentId=nope', { token: tokens.teacher })).status,
    ).toBe(404);
  });

  it('a student sees only their own activity, with filters by category and dates', async () => {
    await giveOne(tokens.teacher);
    const mine = await call(ctx.app, 'GET', '/activity/', { token: tokens.student });
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((a: any) => a.studentId === student.id && a.canEdit === false)).toBe(
      true,
    );
    expect(
      (await call(ctx.app, 'GET', '/activity/?category=Flags', { token: tokens.student })).body,
    ).toEqual([]);
    expect(
      (await call(ctx.app, 'GET', `/activity/?endDate=2000-01-01`, { token: tokens.student })).body,
    ).toEqual([]);
  });

  it('a teacher who does not teach the student cannot read them', async () => {
    expect(
      (await call(ctx.app, 'GET', `/activity/?studentId=${student.id}`, { token: tokens.other }))
        .status,
    ).toBe(403);
  });
});

describe('PUT activity/{id}', () => {
  it('401, 404, 400 and 403 before any change', async () => {
    const id = await giveOne(tokens.teacher);
    expect((await call(ctx.app, 'PUT', `/activity/${id}`, { payload: { points: 7 } })).status).toBe(
      401,
    );
    expect(
      (
        await call(ctx.app, 'PUT', '/activity/not-an-id', {
          token: tokens.teacher,
          payload: { points: 7 },
        })
      ).status,
    ).toBe(404);
    const neg = await call(ctx.app, 'PUT', `/activity/${id}`, {
      token: tokens.teacher,
      payload: { points: -2 },
    });
    expect(neg).toMatchObject({
      status: 400,
      body: { message: 'points must be between 1 and 1000' },
    });
    expect(
      (await call(ctx.app, 'PUT', `/activity/${id}`, { token: tokens.teacher, payload: {} }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(ctx.app, 'PUT', `/activity/${id}`, {
          token: tokens.other,
          payload: { points: 7 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'PUT', `/activity/${id}`, {
          token: tokens.student,
          payload: { points: 7 },
        })
      ).status,
    ).toBe(403);
  });

  it('the giver changes points, type and comment; the wallet follows at once; the audit records it', async () => {
    const id = await giveOne(tokens.teacher);
    const before = await balance();
    const res = await call(ctx.app, 'PUT', `/activity/${id}`, {
      token: tokens.teacher,
      payload: { points: 9, comment: 'edited', activityType: bonus2Id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ points: 9, comment: 'edited', activityType: 'Leadership' });
    expect(await balance()).toBe(before + 4);
    const audit = await ctx.database.db
      .select()
      .from(activityAudit)
      .where(and(eq(activityAudit.schoolId, school.id), eq(activityAudit.activityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: { points: 5 },
      after: { points: 9, comment: 'edited' },
    });
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});

describe('DELETE activity/{id}', () => {
  it('401, 404 and 403', async () => {
    const id = await giveOne(tokens.teacher);
    expect((await call(ctx.app, 'DELETE', `/activity/${id}`)).status).toBe(401);
    expect(
      (
        await call(ctx.app, 'DELETE', '/activity/00000000-0000-0000-0000-000000000000', {
          token: tokens.teacher,
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/activity/${id}`, { token: tokens.other })).status).toBe(
      403,
    );
  });

  it("an admin deletes another teacher's activity and the points come back off the wallet", async () => {
    const id = await giveOne(tokens.teacher);
    const before = await balance();
    expect((await call(ctx.app, 'DELETE', `/activity/${id}`, { token: tokens.admin })).status).toBe(
      200,
    );
    expect(await balance()).toBe(before - 5);
    expect((await call(ctx.app, 'DELETE', `/activity/${id}`, { token: tokens.admin })).status).toBe(
      404,
    );
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});

describe('GET activity/audit', () => {
  it('401 without a token, 403 for teachers, 404 for a bad id; admins read who changed what', async () => {
    const id = await giveOne(tokens.teacher);
    await call(ctx.app, 'PUT', `/activity/${id}`, {
      token: tokens.teacher,
      payload: { comment: 'audited' },
    });
    await call(ctx.app, 'DELETE', `/activity/${id}`, { token: tokens.admin });
    expect((await call(ctx.app, 'GET', '/activity/audit')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/activity/audit', { token: tokens.teacher })).status).toBe(
      403,
    );
    expect(
      (await call(ctx.app, 'GET', '/activity/audit?activityId=nope', { token: tokens.admin }))
        .status,
    ).toBe(404);
    const res = await call(ctx.app, 'GET', `/activity/audit?activityId=${id}`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => e.action)).toEqual(['delete', 'update']);
    expect(res.body[1]).toMatchObject({
      changedBy: teacher.id,
      before: { comment: 'first' },
      after: { comment: 'audited' },
    });
    expect(res.body[0]).toMatchObject({ after: null, before: { comment: 'audited' } });
  });
});

describe('another school', () => {
  it("cannot read, change or delete this school's activities, classes or balances (404)", async () => {
    const id = await giveOne(tokens.teacher);
    const db = ctx.database.db;
    const other = await makeSchool(db);
    const otherAdmin = await signIn(ctx.app, await makeUser(db, other, ['SCHOOL_ADMIN']));
    const { periods } = await import('../src/db/schema.js');
    const [p] = await db.select().from(periods).where(eq(periods.schoolId, school.id));
    expect(
      (await call(ctx.app, 'PUT', `/activity/${id}`, { token: otherAdmin, payload: { points: 7 } }))
        .status,
    ).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/activity/${id}`, { token: otherAdmin })).status).toBe(
      404,
    );
    expect(
      (await call(ctx.app, 'GET', `/activity/?studentId=${student.id}`, { token: otherAdmin }))
        .status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/activity/class-stats/${p!.id}`, { token: otherAdmin })).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/activity/period-stats-details/${p!.id}`, { token: otherAdmin }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'GET', `/utility/student/balance/stats?studentId=${student.id}`, {
          token: otherAdmin,
        })
      ).status,
    ).toBe(404);
    const give = await call(ctx.app, 'POST', '/activity/bulk', {
      token: otherAdmin,
      payload: { externalStudentIds: [student.externalId], activityTypes: [bonusId], date: day },
    });
    expect(give.status).toBe(400);
    const list = await call(ctx.app, 'GET', '/activity/', { token: otherAdmin });
    expect(list.body).toEqual([]);
  });
});

describe('GET activity/class-stats/{id}', () => {
  it("counts each student's bonuses and flags of the day and the class's totals", async () => {
    const db = ctx.database.db;
    const classmate = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
    const period = await makePeriod(db, school, teacher, [student, classmate]);
    const flag = await typeByName(db, school, 'Late to class');
    for (const types of [[bonusId, bonus2Id], [flag.id]]) {
      const res = await call(ctx.app, 'POST', '/activity/bulk', {
        token: tokens.teacher,
        payload: {
          externalStudentIds: [student.externalId],
          activityTypes: types,
          date: day,
          internalPeriodId: period.id,
        },
      });
      expect(res.status).toBe(200);
    }
    // What the day's activity list says, summed by kind.
    const list = await call(
      ctx.app,
      'GET',
      `/activity/?studentId=${student.id}&startDate=${day}&endDate=${day}&limit=200`,
      { token: tokens.teacher },
    );
    const sum = (flags: boolean) =>
      list.body
        .filter((a: { category: string }) => (a.category === 'Flags') === flags)
        .reduce((n: number, a: { points: number }) => n + a.points, 0);
    const stats = await call(ctx.app, 'GET', `/activity/class-stats/${period.id}?date=${day}`, {
      token: tokens.teacher,
    });
    expect(stats.status).toBe(200);
    const mine = stats.body.students.find((s: { _id: string }) => s._id === student.id);
    const theirs = stats.body.students.find((s: { _id: string }) => s._id === classmate.id);
    expect(sum(false)).toBeGreaterThan(0);
    expect(sum(true)).not.toBe(0);
    expect(mine).toMatchObject({ bonusesToday: sum(false), flagsToday: sum(true), absent: false });
    expect(theirs).toMatchObject({ bonusesToday: 0, flagsToday: 0, balance: 0 });
    expect(stats.body.totals).toEqual({
      students: 2,
      bonuses: sum(false),
      flags: sum(true),
      absent: 0,
    });
  });
});
