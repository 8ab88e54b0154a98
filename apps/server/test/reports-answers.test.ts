import { addDays, monthEnd, weekStart } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { typeByName } from './helpers/economy.js';
import { makePeriod } from './helpers/factories.js';
import { call } from './helpers/test-app.js';
import {
  bonusPoints,
  ctx,
  day,
  flagPoints,
  periodId,
  range,
  s1,
  s2,
  s3,
  school,
  teacher,
  teacher2,
  tok,
  useReportsSchool,
} from './helpers/reports-school.js';

useReportsSchool();

describe('reports: what they answer', () => {
  it('meta derives the ranges from the school year, year to date by default', async () => {
    const res = await call(ctx.app, 'GET', '/reports/meta', { token: tok.admin });
    expect(res.status).toBe(200);
    const keys = res.body.ranges.map((r: { key: string }) => r.key);
    expect(keys.slice(0, 3)).toEqual(['this-week', 'this-month', 'year-to-date']);
    expect(keys.filter((k: string) => k.startsWith('month-')).length).toBeGreaterThanOrEqual(10);
    expect(res.body.defaultRange.key).toBe('year-to-date');
    expect(res.body.timeZone).toBe('America/Los_Angeles');
  });

  it('school students: each student\u2019s earned, bonuses, flags and spent, by grade and house', async () => {
    const res = await call(ctx.app, 'GET', `/reports/school-students?${range()}`, {
      token: tok.students,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (id: string) =>
      res.body.rows.find((r: { studentId: string }) => r.studentId === id);
    expect(row(s1.id)).toMatchObject({
      earned: 2 * bonusPoints + flagPoints,
      bonuses: 2 * bonusPoints,
      bonusCount: 2,
      flags: flagPoints,
      flagCount: 1,
      spent: 2,
    });
    expect(row(s1.id).balance).toBe(2 * bonusPoints + flagPoints - 2);
    expect(row(s2.id)).toMatchObject({
      earned: bonusPoints,
      bonusCount: 1,
      flagCount: 0,
      spent: 0,
    });
    expect(row(s3.id)).toMatchObject({ earned: 0, spent: 0 });
    // '7' and '07' are one grade for the filter; by grade they are listed as stored.
    const seventh = await call(
      ctx.app,
      'GET',
      `/activity/student-report/?${range()}&gradeLevel=7`,
      { token: tok.students },
    );
    expect(seventh.body.rows.map((r: { studentId: string }) => r.studentId).sort()).toEqual(
      [s1.id, s2.id].sort(),
    );
    const byHouse = Object.fromEntries(
      res.body.byHouse.map((g: { key: string; earned: number; students: number }) => [g.key, g]),
    );
    expect(byHouse.amistad).toMatchObject({ students: 2, earned: bonusPoints });
    expect(byHouse.altruismo).toMatchObject({ students: 1, earned: 2 * bonusPoints + flagPoints });
    // The stored house stays the key; the answer also names it as people read it (the CSV's column).
    expect(row(s1.id)).toMatchObject({ house: 'altruismo', houseName: 'Altruismo' });
    expect(byHouse.amistad.label).toBe('Amistad');
    expect(
      Object.fromEntries(
        res.body.byGrade.map((g: { key: string; label: string }) => [g.key, g.label]),
      ),
    ).toMatchObject({ '7': '7th Grade' });
    const flagsOnly = await call(
      ctx.app,
      'GET',
      `/reports/school-students?${range()}&category=Flags&house=altruismo`,
      { token: tok.admin },
    );
    expect(flagsOnly.body.rows).toHaveLength(1);
    expect(flagsOnly.body.rows[0]).toMatchObject({
      earned: flagPoints,
      bonuses: 0,
      flags: flagPoints,
      spent: 2,
    });
  });

  it('whole months read from the monthly rollup give the same sums as the days', async () => {
    const months = `startDate=${addDays(day, -62).slice(0, 7)}-01&endDate=${monthEnd(day.slice(0, 7))}`;
    const byMonths = await call(ctx.app, 'GET', `/reports/school-students?${months}`, {
      token: tok.admin,
    });
    const byDays = await call(ctx.app, 'GET', `/reports/school-students?${range()}`, {
      token: tok.admin,
    });
    expect(byMonths.status).toBe(200);
    expect(byMonths.body.rows).toEqual(byDays.body.rows);
    expect(
      byMonths.body.rows.find((r: { studentId: string }) => r.studentId === s1.id).earned,
    ).toBe(2 * bonusPoints + flagPoints);
  });

  it('a range before the gives shows nothing earned', async () => {
    const res = await call(
      ctx.app,
      'GET',
      `/reports/school-students?startDate=${addDays(day, -60)}&endDate=${addDays(day, -30)}`,
      { token: tok.admin },
    );
    expect(
      res.body.rows.every(
        (r: { earned: number; spent: number }) => r.earned === 0 && r.spent === 0,
      ),
    ).toBe(true);
  });

  it('teacher usage: points and counts per giver from the giver rollup, and who has not given this week', async () => {
    const res = await call(ctx.app, 'GET', `/activity/teacher-report/?${range()}`, {
      token: tok.usage,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = res.body.rows.find((r: { giverId: string }) => r.giverId === teacher.id);
    expect(t).toMatchObject({
      bonusPoints: 3 * bonusPoints,
      bonusCount: 3,
      flagPoints,
      flagCount: 1,
      daysGiven: 1,
      lastGiven: day,
    });
    const quiet = res.body.rows.find((r: { giverId: string }) => r.giverId === teacher2.id);
    expect(quiet).toMatchObject({ bonusCount: 0, daysGiven: 0, lastGiven: null });
    const idle = res.body.notGivenThisWeek.map((r: { giverId: string }) => r.giverId);
    expect(idle).toContain(teacher2.id);
    expect(idle.includes(teacher.id)).toBe(day < res.body.weekStart);
    expect(res.body.weekStart).toBe(weekStart(res.body.weekStart));
  });

  it('teacher usage, to whom: one giver’s students with what each was given, in class or not', async () => {
    const res = await call(ctx.app, 'GET', `/reports/teacher-usage/${teacher.id}?${range()}`, {
      token: tok.usage,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.giver).toEqual({ giverId: teacher.id, firstName: 'Tess', lastName: 'Alpha' });
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        studentId: s1.id,
        bonusPoints: 2 * bonusPoints,
        bonusCount: 2,
        flagPoints,
        flagCount: 1,
        otherCount: 0,
        inClassCount: 3,
      }),
      expect.objectContaining({
        studentId: s2.id,
        bonusPoints,
        bonusCount: 1,
        flagCount: 0,
        inClassCount: 1,
      }),
    ]);
    // Whole months come from the monthly rollup, the days around them from the ledger: the same rows.
    const months = `startDate=${addDays(day, -62).slice(0, 7)}-01&endDate=${monthEnd(day.slice(0, 7))}`;
    const byMonths = await call(ctx.app, 'GET', `/reports/teacher-usage/${teacher.id}?${months}`, {
      token: tok.usage,
    });
    expect(byMonths.body.rows).toEqual(res.body.rows);
    const cls = await call(ctx.app, 'GET', `/reports/class?periodId=${periodId}&${months}`, {
      token: tok.teacher,
    });
    const clsDays = await call(ctx.app, 'GET', `/reports/class?periodId=${periodId}&${range()}`, {
      token: tok.teacher,
    });
    expect(cls.body.rows).toEqual(clsDays.body.rows);
    const flags = await call(
      ctx.app,
      'GET',
      `/reports/teacher-usage/${teacher.id}?${range()}&category=Flags`,
      { token: tok.admin },
    );
    expect(flags.body.rows.map((r: { studentId: string }) => r.studentId)).toEqual([s1.id]);
    const amistad = await call(
      ctx.app,
      'GET',
      `/reports/teacher-usage/${teacher.id}?${range()}&house=amistad`,
      { token: tok.admin },
    );
    expect(amistad.body.rows.map((r: { studentId: string }) => r.studentId)).toEqual([s2.id]);
    const quiet = await call(ctx.app, 'GET', `/reports/teacher-usage/${teacher2.id}?${range()}`, {
      token: tok.admin,
    });
    expect(quiet.body.rows).toEqual([]);
    const garbage = await call(ctx.app, 'GET', '/reports/teacher-usage/not-a-person', {
      token: tok.admin,
    });
    expect(garbage.status).toBe(404);
    expect(garbage.body.message).toBe('Staff member not found');
    const student = await call(ctx.app, 'GET', `/reports/teacher-usage/${s1.id}`, {
      token: tok.admin,
    });
    expect(student.status).toBe(404);
  });

  it('teacher usage follows an edit and a delete of an activity', async () => {
    const list = await call(ctx.app, 'GET', `/activity/?studentId=${s2.id}`, { token: tok.admin });
    const a = list.body.find((x: { category: string }) => x.category === 'Bonuses');
    expect(
      (
        await call(ctx.app, 'PUT', `/activity/${a._id}`, {
          token: tok.admin,
          payload: { points: a.points + 10 },
        })
      ).status,
    ).toBe(200);
    let t = (
      await call(ctx.app, 'GET', `/reports/teacher-usage?${range()}`, { token: tok.admin })
    ).body.rows.find((r: { giverId: string }) => r.giverId === teacher.id);
    expect(t).toMatchObject({ bonusPoints: 3 * bonusPoints + 10, bonusCount: 3 });
    expect((await call(ctx.app, 'DELETE', `/activity/${a._id}`, { token: tok.admin })).status).toBe(
      200,
    );
    t = (
      await call(ctx.app, 'GET', `/reports/teacher-usage?${range()}`, { token: tok.admin })
    ).body.rows.find((r: { giverId: string }) => r.giverId === teacher.id);
    expect(t).toMatchObject({ bonusPoints: 2 * bonusPoints, bonusCount: 2 });
    // Give it back so the other reports keep their figures.
    const bonus = await typeByName(ctx.database.db, school, 'Kindness');
    await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.teacher,
      payload: {
        externalStudentIds: [s2.externalId],
        internalPeriodId: periodId,
        activityTypes: [bonus.id],
        date: day,
      },
    });
  });

  it('my classes: the teacher\u2019s periods with their students', async () => {
    const res = await call(ctx.app, 'GET', `/reports/my-classes?${range()}`, {
      token: tok.teacher,
    });
    expect(res.status).toBe(200);
    expect(
      res.body.rows.map((r: { studentId: string; periodLabel: string }) => [
        r.studentId,
        r.periodLabel,
      ]),
    ).toEqual([
      [s1.id, '2nd Period'],
      [s2.id, '2nd Period'],
    ]);
  });

  it('class report (both calls): the period\u2019s students and the trend by day', async () => {
    const body = (
      await call(ctx.app, 'POST', '/activity/class-report', {
        token: tok.teacher,
        payload: { internalPeriodId: periodId, startDate: addDays(day, -7), endDate: day },
      })
    ).body;
    const viaGet = (
      await call(ctx.app, 'GET', `/reports/class?periodId=${periodId}&${range()}`, {
        token: tok.teacher,
      })
    ).body;
    expect(viaGet).toEqual(body);
    expect(body.rows).toHaveLength(2);
    const s1Row = body.rows.find((r: { studentId: string }) => r.studentId === s1.id);
    expect(s1Row).toMatchObject({
      bonusCount: 2,
      classBonuses: 2 * bonusPoints,
      classBonusCount: 2,
      classFlags: flagPoints,
      classFlagCount: 1,
    });
    expect(body.trend).toEqual([
      {
        date: day,
        earned: 3 * bonusPoints + flagPoints,
        bonuses: 3 * bonusPoints,
        flags: flagPoints,
        spent: 2,
      },
    ]);
    expect(body.trendBy).toBe('day');
  });

  it('student report: by category, balance over time and history', async () => {
    const res = await call(ctx.app, 'GET', `/reports/student/${s1.id}?${range()}`, {
      token: tok.teacher,
    });
    expect(res.status).toBe(200);
    expect(res.body.byCategory).toEqual([
      { category: 'Bonuses', earned: 2 * bonusPoints, spent: 0, count: 2 },
      { category: 'Flags', earned: flagPoints, spent: 0, count: 1 },
      { category: 'Store', earned: 0, spent: 2, count: 1 },
    ]);
    expect(res.body.balanceOverTime).toEqual([
      { date: day, balance: 2 * bonusPoints + flagPoints - 2 },
    ]);
    expect(res.body.history).toHaveLength(3);
  });

  it('school dashboard: totals, trend, houses and store sales', async () => {
    const res = await call(ctx.app, 'GET', `/reports/school-dashboard?${range()}`, {
      token: tok.dashboard,
    });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      students: 3,
      activeStudents: 2,
      earned: 3 * bonusPoints + flagPoints,
      bonuses: 3 * bonusPoints,
      flags: flagPoints,
      flagCount: 1,
      spent: 2,
      orders: 1,
    });
    expect(res.body.storeSales).toEqual([{ date: day, spent: 2, orders: 1 }]);
    expect(res.body.houses.map((h: { house: string }) => h.house).sort()).toEqual([
      'altruismo',
      'amistad',
    ]);
    expect(
      res.body.houses.map((h: { house: string; houseName: string }) => h.houseName).sort(),
    ).toEqual(['Altruismo', 'Amistad']);
    expect(res.body.trendBy).toBe('day');
  });

  it('over a long range the trend and store sales go by month, with the same totals', async () => {
    const long = `startDate=${addDays(day, -120)}&endDate=${day}`;
    const res = await call(ctx.app, 'GET', `/reports/school-dashboard?${long}`, {
      token: tok.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.trendBy).toBe('month');
    const month = `${day.slice(0, 7)}-01`;
    expect(res.body.trend).toEqual([
      {
        date: month,
        earned: 3 * bonusPoints + flagPoints,
        bonuses: 3 * bonusPoints,
        flags: flagPoints,
        spent: 2,
      },
    ]);
    expect(res.body.storeSales).toEqual([{ date: month, spent: 2, orders: 1 }]);
    expect(res.body.totals).toMatchObject({
      earned: 3 * bonusPoints + flagPoints,
      flagCount: 1,
      spent: 2,
      orders: 1,
    });
    const cls = await call(ctx.app, 'GET', `/reports/class?periodId=${periodId}&${long}`, {
      token: tok.teacher,
    });
    expect(cls.body.trendBy).toBe('month');
    expect(cls.body.trend).toEqual([
      {
        date: month,
        earned: 3 * bonusPoints + flagPoints,
        bonuses: 3 * bonusPoints,
        flags: flagPoints,
        spent: 2,
      },
    ]);
  });
});

describe('reports: class figures count only what was given in the class', () => {
  it('an admin’s give outside the class shows in the student’s sums but not in the class columns', async () => {
    const bonus = await typeByName(ctx.database.db, school, 'Kindness');
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.admin,
      payload: { externalStudentIds: [s2.externalId], activityTypes: [bonus.id], date: day },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const res = await call(ctx.app, 'GET', `/reports/my-classes?${range()}`, {
      token: tok.teacher,
    });
    const s2Row = res.body.rows.find((r: { studentId: string }) => r.studentId === s2.id);
    expect(s2Row).toMatchObject({
      bonusCount: 2,
      earned: 2 * bonusPoints,
      classBonusCount: 1,
      classBonuses: bonusPoints,
      classFlagCount: 0,
    });
  });

  it('my classes lists a student once per period, each with what was given in that period', async () => {
    const fifth = await makePeriod(ctx.database.db, school, teacher, [s1], { periodNumber: 5 });
    const flag = await typeByName(ctx.database.db, school, 'Late to class');
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.teacher,
      payload: {
        externalStudentIds: [s1.externalId],
        internalPeriodId: fifth.id,
        activityTypes: [flag.id],
        date: day,
      },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const res = await call(ctx.app, 'GET', `/reports/my-classes?${range()}`, {
      token: tok.teacher,
    });
    const s1Rows = res.body.rows.filter((r: { studentId: string }) => r.studentId === s1.id);
    expect(s1Rows.map((r: { periodLabel: string }) => r.periodLabel)).toEqual([
      '2nd Period',
      '5th Period',
    ]);
    const [second, fifthRow] = s1Rows;
    // The school-wide sums are the student's, the same in both rows; the class columns are each period's own.
    expect(fifthRow.flagCount).toBe(2);
    expect(second.flagCount).toBe(2);
    expect(second).toMatchObject({ classBonusCount: 2, classFlagCount: 1 });
    expect(fifthRow).toMatchObject({
      classBonusCount: 0,
      classFlagCount: 1,
      classFlags: flagPoints,
    });
  });
});
