import { addDays, MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeHouses,
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
let outsider: UserRow;
let admin: UserRow;
let students: UserRow[];
let period: { id: string };
let day: string;
let bonusId: string;
let flagId: string;
let tokens: Record<
  'teacher' | 'other' | 'admin' | 'student' | 'outsider' | 'otherAdmin' | 'loner',
  string
>;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db, { canTeacherGiveAll: false });
  await makeHouses(db, school);
  teacher = await makeUser(db, school, ['TEACHER']);
  outsider = await makeUser(db, school, ['TEACHER']);
  admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  students = [];
  for (let i = 0; i < 4; i++)
    students.push(
      await makeUser(db, school, ['STUDENT'], {
        gradeLevel: i < 2 ? '6' : '7',
        house: i % 2 ? 'amistad' : 'altruismo',
      }),
    );
  period = await makePeriod(db, school, teacher, students.slice(0, 3));
  day = await schoolDay(db, school);
  bonusId = (await typeByName(db, school, 'Helping others')).id;
  flagId = (await typeByName(db, school, 'Late to class')).id;
  tokens = <typeof tokens>{
    teacher: await signIn(ctx.app, teacher),
    outsider: await signIn(ctx.app, outsider),
    admin: await signIn(ctx.app, admin),
    student: await signIn(ctx.app, students[0]!),
  };
});

const give = (token: string | undefined, payload: object) =>
  call(ctx.app, 'POST', '/activity/bulk', { token, payload });

describe('POST activity/bulk', () => {
  it('401 without a token', async () => {
    expect((await give(undefined, { activityTypes: [bonusId] })).status).toBe(401);
  });

  it('400 with the spec messages for bad input', async () => {
    const ext = [students[0]!.externalId];
    expect(
      (await give(tokens.teacher, { externalStudentIds: ext, activityTypes: [], date: day })).body
        .message,
    ).toBe(MSG.activitiesMin);
    expect((await give(tokens.teacher, { externalStudentIds: ext, date: day })).body.message).toBe(
      MSG.activitiesMin,
    );
    const long = await give(tokens.teacher, {
      externalStudentIds: ext,
      activityTypes: [bonusId],
      comment: 'x'.repeat(151),
      date: day,
    });
    expect(long).toMatchObject({ status: 400, body: { message: MSG.commentTooLong } });
    const none = await give(tokens.teacher, { activityTypes: [bonusId], date: day });
    expect(none).toMatchObject({ status: 400, body: { message: MSG.selectStudent } });
    const badDate = await give(tokens.teacher, {
      externalStudentIds: ext,
      activityTypes: [bonusId],
      date: '2026-02-30',
    });
    expect(badDate).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
  });

  it('400 on weekends, holidays, before giving starts and after the year', async () => {
    const ext = [students[0]!.externalId];
    let saturday = day;
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, -1);
    expect(
      (
        await give(tokens.teacher, {
          externalStudentIds: ext,
          activityTypes: [bonusId],
          date: saturday,
        })
      ).body.message,
    ).toBe(MSG.notOnWeekends);
    const { holidays } = await import('../src/db/schema.js');
    await ctx.database.db
      .insert(holidays)
      .values({ schoolId: school.id, date: day, name: 'Test day off' });
    expect(
      (await give(tokens.teacher, { externalStudentIds: ext, activityTypes: [bonusId], date: day }))
        .body.message,
    ).toBe(MSG.notOnHolidays);
    const { eq, and } = await import('drizzle-orm');
    await ctx.database.db
      .delete(holidays)
      .where(and(eq(holidays.schoolId, school.id), eq(holidays.date, day)));
    const early = await give(tokens.teacher, {
      externalStudentIds: ext,
      activityTypes: [bonusId],
      date: addDays(day, -200),
    });
    expect(early.body.message).toMatch(
      /^Unable to send bonus\/flag\. You may start giving bonuses and flags on /,
    );
  });

  it('403 for a student, for a teacher outside their classes, and for houses without give-all', async () => {
    expect(
      (
        await give(tokens.student, {
          externalStudentIds: [students[1]!.externalId],
          activityTypes: [bonusId],
          date: day,
        })
      ).status,
    ).toBe(403);
    const notMine = await give(tokens.outsider, {
      externalStudentIds: [students[0]!.externalId],
      activityTypes: [bonusId],
      date: day,
    });
    expect(notMine.status).toBe(403);
    expect(
      (await give(tokens.teacher, { houseNames: ['amistad'], activityTypes: [bonusId], date: day }))
        .status,
    ).toBe(403);
  });

  it("404 for another school's period", async () => {
    const other = await makeSchool(ctx.database.db);
    const t = await makeUser(ctx.database.db, other, ['TEACHER']);
    const p = await makePeriod(ctx.database.db, other, t, []);
    expect(
      (await give(tokens.admin, { internalPeriodId: p.id, activityTypes: [bonusId], date: day }))
        .status,
    ).toBe(404);
  });

  it('gives a bonus and a flag to chosen students of a class in one call', async () => {
    const res = await give(tokens.teacher, {
      internalPeriodId: period.id,
      externalStudentIds: [students[0]!.externalId, students[1]!.externalId],
      activityTypes: [bonusId, flagId],
      comment: 'Group work',
      date: day,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      studentCount: 2,
      activityCount: 4,
      points: 2 * (5 - 3),
      date: day,
    });
    const stats = await call(
      ctx.app,
      'GET',
      `/utility/student/balance/stats?studentId=${students[0]!.id}`,
      { token: tokens.teacher },
    );
    expect(stats.body).toMatchObject({ balance: 2, totalEarned: 2, totalSpent: 0 });
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it('gives to a whole period when only the period is named, and admins use admin flag points', async () => {
    const res = await give(tokens.admin, {
      internalPeriodId: period.id,
      activityTypes: [flagId],
      date: day,
    });
    expect(res.body).toMatchObject({ studentCount: 3, points: -15 });
  });

  it('admins give to houses and grade levels', async () => {
    const house = await give(tokens.admin, {
      houseNames: ['amistad'],
      activityTypes: [bonusId],
      date: day,
    });
    expect(house.body.studentCount).toBe(2);
    const grade = await give(tokens.admin, {
      gradeLevels: ['7'],
      activityTypes: [bonusId],
      date: day,
    });
    expect(grade.body.studentCount).toBe(2);
    expect(
      (await give(tokens.admin, { houseNames: ['nowhere'], activityTypes: [bonusId], date: day }))
        .status,
    ).toBe(400);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});
