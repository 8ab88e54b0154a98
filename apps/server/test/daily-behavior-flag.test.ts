import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();

describe('a flag given after the daily run', () => {
  it("takes back that day's Daily Behavior points from the flagged student only", async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const teacher = await makeUser(db, school, ['TEACHER']);
    const [a, b] = [
      await makeUser(db, school, ['STUDENT']),
      await makeUser(db, school, ['STUDENT']),
    ];
    await makePeriod(db, school, teacher, [a!, b!]);
    const day = await schoolDay(db, school);
    expect((await runDailyPoints(db, school.id, day)).given).toBe(true);

    const flag = await typeByName(db, school, 'Late to class');
    const res = await call(ctx.app, 'POST', '/activity/bulk', {
      token: await signIn(ctx.app, teacher),
      payload: { externalStudentIds: [a!.externalId], activityTypes: [flag.id], date: day },
    });
    expect(
      res.body.dailyBehaviorTakenBack,
      'the run gave behavior points, so the flag takes them',
    ).toBeDefined();
    expect(res.status).toBe(200);
    // The answer says what the student really lost: the flag and the day's behavior points.
    const behaviorType = await typeByName(db, school, 'Daily behavior');
    const flagPoints = res.body.activityTypes[0].points;
    expect(res.body).toMatchObject({
      points: flagPoints,
      dailyBehaviorTakenBack: { students: 1, points: -behaviorType.points },
    });
    const listed = await call(ctx.app, 'GET', `/activity/?studentId=${a!.id}&category=Flags`, {
      token: await signIn(ctx.app, teacher),
    });
    expect(
      listed.body.map((x: { points: number; behaviorTakenBack: number }) => [
        x.points,
        x.behaviorTakenBack,
      ]),
    ).toEqual([[flagPoints, -behaviorType.points]]);
    const behavior = await db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.schoolId, school.id),
          eq(activities.date, day),
          eq(activities.category, 'Daily Behavior'),
        ),
      );
    expect(behavior.map((r) => r.studentId)).toEqual([b!.id]);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});

describe('deleting that flag', () => {
  it('gives the Daily Behavior points back when no other flag remains that day', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const teacher = await makeUser(db, school, ['TEACHER']);
    const kid = await makeUser(db, school, ['STUDENT']);
    await makePeriod(db, school, teacher, [kid]);
    const day = await schoolDay(db, school);
    await runDailyPoints(db, school.id, day);
    const token = await signIn(ctx.app, teacher);
    const flag = await typeByName(db, school, 'Late to class');
    const give = (id: string) =>
      call(ctx.app, 'POST', '/activity/bulk', {
        token,
        payload: { externalStudentIds: [kid.externalId], activityTypes: [id], date: day },
      });
    expect((await give(flag.id)).status).toBe(200);
    expect((await give((await typeByName(db, school, 'Phone out')).id)).status).toBe(200);
    const behavior = () =>
      db
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.schoolId, school.id),
            eq(activities.date, day),
            eq(activities.category, 'Daily Behavior'),
          ),
        );
    expect(await behavior()).toHaveLength(0);
    const flags = (
      await call(ctx.app, 'GET', `/activity/?studentId=${kid.id}&category=Flags`, { token })
    ).body;
    expect(flags).toHaveLength(2);
    // One flag left: still no behavior points. Both gone: they come back, once.
    expect((await call(ctx.app, 'DELETE', `/activity/${flags[0]._id}`, { token })).status).toBe(
      200,
    );
    expect(await behavior()).toHaveLength(0);
    expect((await call(ctx.app, 'DELETE', `/activity/${flags[1]._id}`, { token })).status).toBe(
      200,
    );
    expect((await behavior()).map((b) => [b.studentId, b.givenBy])).toEqual([[kid.id, null]]);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
