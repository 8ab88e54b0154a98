import { addDays } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { schoolDay, typeByName } from './helpers/economy.js';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call } from './helpers/test-app.js';
import { ctx, day, otherPeriodId, s3, tok, useReportsSchool } from './helpers/reports-school.js';

useReportsSchool();

describe('reports: who may read them', () => {
  it.each([
    ['GET', '/reports/meta'],
    ['GET', '/reports/school-students'],
    ['GET', '/activity/teacher-report/'],
    ['GET', '/reports/teacher-usage/00000000-0000-4000-8000-000000000000'],
    ['POST', '/activity/class-report'],
  ] as const)('%s %s without a session is 401', async (method, url) => {
    const res = await call(ctx.app, method, url, method === 'POST' ? { payload: {} } : {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it.each([
    ['s1', '/reports/meta'],
    // A store manager opens the screen for the store's half of Economy (issue 34), no other report.
    ['store', '/reports/school-dashboard'],
    ['store', '/reports/my-classes'],
    ['teacher', '/reports/teacher-usage'],
    ['teacher', '/activity/student-report/'],
    ['usage', '/reports/school-students'],
    ['students', '/reports/school-dashboard'],
    ['dashboard', '/reports/teacher-usage'],
    ['teacher', '/reports/teacher-usage/00000000-0000-4000-8000-000000000000'],
    ['dashboard', '/reports/teacher-usage/00000000-0000-4000-8000-000000000000'],
    ['s1', '/reports/my-classes'],
  ])('%s is refused %s with 403', async (who, url) => {
    const res = await call(ctx.app, 'GET', url, { token: tok[who] });
    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe('string');
  });

  it('a teacher cannot read another teacher\u2019s class (403) nor a student outside their classes; an unknown period is 404', async () => {
    expect(
      (
        await call(ctx.app, 'GET', `/reports/class?periodId=${otherPeriodId}`, {
          token: tok.teacher,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', `/reports/student/${s3.id}`, { token: tok.teacher })).status,
    ).toBe(403);
    const unknown = await call(ctx.app, 'POST', '/activity/class-report', {
      token: tok.admin,
      payload: { internalPeriodId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Period not found');
  });

  it('another school\u2019s period and student are 404', async () => {
    const other = await makeSchool(ctx.database.db);
    const t = await makeUser(ctx.database.db, other, ['TEACHER']);
    const st = await makeUser(ctx.database.db, other, ['STUDENT']);
    const p = await makePeriod(ctx.database.db, other, t, [st]);
    expect(
      (await call(ctx.app, 'GET', `/reports/class?periodId=${p.id}`, { token: tok.admin })).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/reports/student/${st.id}`, { token: tok.admin })).status,
    ).toBe(404);
    const giver = await call(ctx.app, 'GET', `/reports/teacher-usage/${t.id}`, {
      token: tok.admin,
    });
    expect(giver.status).toBe(404);
    expect(giver.body.message).toBe('Staff member not found');
  });

  it('lists the tabs each role may open', async () => {
    const tabs = async (who: string) =>
      (await call(ctx.app, 'GET', '/reports/meta', { token: tok[who] })).body.tabs;
    expect(await tabs('teacher')).toEqual(['myClasses', 'class', 'student']);
    expect(await tabs('admin')).toEqual([
      'class',
      'student',
      'teacherUsage',
      'schoolStudents',
      'schoolDashboard',
    ]);
    expect(await tabs('usage')).toEqual(['teacherUsage']);
    expect(await tabs('students')).toEqual(['class', 'student', 'schoolStudents']);
    expect(await tabs('dashboard')).toEqual(['schoolDashboard']);
    // Economy is behind its own permission: the meta lists none of the others for a store manager.
    expect(await tabs('store')).toEqual([]);
  });
});

describe('reports: bad input is a 400 with a clear message', () => {
  it.each([
    ['/reports/school-students?startDate=2025-13-01', 'startDate must be a date (YYYY-MM-DD)'],
    [
      '/reports/school-students?startDate=2025-09-02&endDate=2025-09-01',
      'startDate must be on or before endDate',
    ],
    [
      '/reports/school-students?startDate=2020-01-01&endDate=2025-01-01',
      'A report covers at most 800 days',
    ],
    [
      '/reports/school-students?category=Money',
      'category must be one of Flags, Bonuses, Academic Pay Day, Daily Behavior, Daily Attendance',
    ],
    ['/reports/class', 'periodId'],
    [
      '/reports/teacher-usage/00000000-0000-4000-8000-000000000000?endDate=yesterday',
      'endDate must be a date (YYYY-MM-DD)',
    ],
  ])('GET %s', async (url, message) => {
    const res = await call(ctx.app, 'GET', url, { token: tok.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('POST activity/class-report without a period', async () => {
    const res = await call(ctx.app, 'POST', '/activity/class-report', {
      token: tok.admin,
      payload: { startDate: day },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('internalPeriodId');
  });
});

describe('reports: teacher usage lists everyone the permission table lets give', () => {
  it('a super admin’s gives are on their own row; a role that may not give has no row and no drill-in', async () => {
    const db = ctx.database.db;
    const other = await makeSchool(db);
    const sup = await makeUser(db, other, ['SUPER_ADMIN'], { firstName: 'Super', lastName: 'Zed' });
    const staff = await makeUser(db, other, ['STAFF']);
    const giveAll = await makeUser(db, other, ['GIVE_ALL']);
    const pupil = await makeUser(db, other, ['STUDENT'], { gradeLevel: '7' });
    const supTok = await signIn(ctx.app, sup);
    const when = await schoolDay(db, other);
    const bonus = await typeByName(db, other, 'Kindness');
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: supTok,
      payload: { externalStudentIds: [pupil.externalId], activityTypes: [bonus.id], date: when },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const span = `startDate=${addDays(when, -7)}&endDate=${when}`;
    const res = await call(ctx.app, 'GET', `/reports/teacher-usage?${span}`, { token: supTok });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r: { giverId: string }) => r.giverId).sort()).toEqual(
      [sup.id, giveAll.id].sort(),
    );
    expect(res.body.rows.find((r: { giverId: string }) => r.giverId === sup.id)).toMatchObject({
      bonusCount: 1,
      daysGiven: 1,
    });
    expect(
      (await call(ctx.app, 'GET', `/reports/teacher-usage/${sup.id}?${span}`, { token: supTok }))
        .body.rows,
    ).toHaveLength(1);
    expect(
      (await call(ctx.app, 'GET', `/reports/teacher-usage/${staff.id}?${span}`, { token: supTok }))
        .status,
    ).toBe(404);
  });

  it('My classes is a tab for whoever may read class reports and teaches a class, whatever their role', async () => {
    const db = ctx.database.db;
    const other = await makeSchool(db);
    const admin = await makeUser(db, other, ['SCHOOL_ADMIN']);
    await makePeriod(db, other, admin, [await makeUser(db, other, ['STUDENT'])]);
    const res = await call(ctx.app, 'GET', '/reports/meta', {
      token: await signIn(ctx.app, admin),
    });
    expect(res.body.tabs).toEqual([
      'myClasses',
      'class',
      'student',
      'teacherUsage',
      'schoolStudents',
      'schoolDashboard',
    ]);
  });
});
