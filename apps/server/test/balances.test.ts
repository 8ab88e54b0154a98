import { addDays } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn, type UserRow } from './helpers/factories.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let student: UserRow;
let stranger: UserRow;
let tokens: Record<
  'teacher' | 'other' | 'admin' | 'student' | 'outsider' | 'otherAdmin' | 'loner',
  string
>;
let day: string;

beforeAll(async () => {
  const db = ctx.database.db;
  const school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  student = await makeUser(db, school, ['STUDENT']);
  stranger = await makeUser(db, school, ['STUDENT']);
  await makePeriod(db, school, teacher, [student]);
  const other = await makeSchool(db);
  tokens = <typeof tokens>{
    teacher: await signIn(ctx.app, teacher),
    admin: await signIn(ctx.app, admin),
    student: await signIn(ctx.app, student),
    otherAdmin: await signIn(ctx.app, await makeUser(db, other, ['SCHOOL_ADMIN'])),
    loner: await signIn(ctx.app, await makeUser(db, school, ['TEACHER'])),
  };
  day = await schoolDay(db, school);
  const leadership = (await typeByName(db, school, 'Leadership')).id;
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tokens.admin,
    payload: { externalStudentIds: [student.externalId], activityTypes: [leadership], date: day },
  });
  expect(res.status).toBe(200);
});

describe('GET utility/student/balance/stats', () => {
  it('401 without a token; 400 when staff name no student; 404 for another school; 403 for a teacher not teaching them', async () => {
    expect((await call(ctx.app, 'GET', '/utility/student/balance/stats')).status).toBe(401);
    expect(
      (await call(ctx.app, 'GET', '/utility/student/balance/stats', { token: tokens.teacher })).body
        .message,
    ).toBe('studentId is required');
    expect(
      (
        await call(ctx.app, 'GET', `/utility/student/balance/stats?studentId=${student.id}`, {
          token: tokens.otherAdmin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'GET', `/utility/student/balance/stats?studentId=${student.id}`, {
          token: tokens.loner,
        })
      ).status,
    ).toBe(403);
  });

  it('a student reads their own stats with tier and member status, naming no one or themselves', async () => {
    for (const query of ['', `?studentId=${student.id}`]) {
      const res = await call(ctx.app, 'GET', `/utility/student/balance/stats${query}`, {
        token: tokens.student,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        studentId: student.id,
        balance: 10,
        totalEarned: 10,
        totalSpent: 0,
        tier: 'Bronze',
        nextTier: 'Silver',
        pointsToNextTier: 90,
        memberStatus: 'Bronze',
      });
      expect(typeof res.body.earnedYesterday).toBe('number');
    }
  });

  it('a student naming another student gets 403 from every call about one student, not their own figures', async () => {
    const refused = { status: 403, body: { message: 'This student is not in your classes.' } };
    const about = (id: string) =>
      [
        ['GET', `/utility/student/balance/stats?studentId=${id}`, undefined],
        ['POST', '/utility/student/balance', { endDates: [day], studentId: id }],
        ['GET', `/utility/student/dashboard/stats?studentId=${id}`, undefined],
        ['GET', `/utility/student/academic-projections?studentId=${id}`, undefined],
        ['GET', `/activity/?studentId=${id}`, undefined],
        ['GET', `/api/v2/order/student?studentId=${id}`, undefined],
      ] as const;
    for (const [method, url, payload] of about(stranger.id))
      expect(
        await call(ctx.app, method, url, { token: tokens.student, payload }),
        url,
      ).toMatchObject(refused);
    for (const [method, url, payload] of about(student.id))
      expect(
        (await call(ctx.app, method, url, { token: tokens.student, payload })).status,
        url,
      ).toBe(200);
  });
});

describe('POST utility/student/balance', () => {
  it('401, 400 for bad dates, empty list gives an empty object', async () => {
    expect(
      (await call(ctx.app, 'POST', '/utility/student/balance', { payload: { endDates: [] } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'POST', '/utility/student/balance', {
          token: tokens.student,
          payload: { endDates: ['nope'] },
        })
      ).status,
    ).toBe(400);
    const empty = await call(ctx.app, 'POST', '/utility/student/balance', {
      token: tokens.student,
      payload: { endDates: [] },
    });
    expect(empty).toMatchObject({ status: 200, body: {} });
  });

  it('gives the balance at the end of each date, with earned and spent since the previous one', async () => {
    const before = addDays(day, -1);
    const res = await call(ctx.app, 'POST', '/utility/student/balance', {
      token: tokens.student,
      payload: { endDates: [before, day] },
    });
    expect(res.body).toEqual({
      [before]: { balance: 0, earned: 0, spent: 0 },
      [day]: { balance: 10, earned: 10, spent: 0 },
    });
  });
});
