import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();

describe('a flag given after the daily run', () => {
  it('takes back that day\'s Daily Behavior points from the flagged student only', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const teacher = await makeUser(db, school, ['TEACHER']);
    const [a, b] = [await makeUser(db, school, ['STUDENT']), await makeUser(db, school, ['STUDENT'])];
    await makePeriod(db, school, teacher, [a!, b!]);
    const day = await schoolDay(db, school);
    expect((await runDailyPoints(db, school.id, day)).given).toBe(true);

    const flag = await typeByName(db, school, 'Late to class');
    const res = await call(ctx.app, 'POST', '/activity/bulk', {
      token: await signIn(ctx.app, teacher),
      payload: { externalStudentIds: [a!.externalId], activityTypes: [flag.id], date: day },
    });
    expect(res.status).toBe(200);
    const behavior = await db
      .select()
      .from(activities)
      .where(and(eq(activities.schoolId, school.id), eq(activities.date, day), eq(activities.category, 'Daily Behavior')));
    expect(behavior.map((r) => r.studentId)).toEqual([b!.id]);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
