import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, wallets } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/** DELETE activity/give/{giveId}: the Undo of a give's toast takes the whole give back at once. */
const ctx = useTestApp();
const tok: Record<string, string> = {};
let school: SchoolRow;
let kids: UserRow[];
let day: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  kids = [
    await makeUser(db, school, ['STUDENT']),
    await makeUser(db, school, ['STUDENT']),
    await makeUser(db, school, ['STUDENT']),
  ];
  await makePeriod(db, school, teacher, kids);
  tok.teacher = await signIn(ctx.app, teacher);
  tok.other = await signIn(ctx.app, await makeUser(db, school, ['TEACHER']));
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.adminB = await signIn(ctx.app, await makeUser(db, await makeSchool(db), ['SCHOOL_ADMIN']));
  day = await schoolDay(db, school);
});

const balances = async () =>
  Promise.all(
    kids.map(async (k) =>
      Number(
        (
          await ctx.database.db
            .select()
            .from(wallets)
            .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, k.id)))
        )[0]?.balance ?? 0,
      ),
    ),
  );

async function give(typeName: string, date = day) {
  const type = await typeByName(ctx.database.db, school, typeName);
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tok.teacher,
    payload: { externalStudentIds: kids.map((k) => k.externalId), activityTypes: [type.id], date },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.giveId as string;
}

describe('DELETE activity/give/{giveId}', () => {
  it('401 without a session, 404 for a bad or unknown id', async () => {
    expect(
      (await call(ctx.app, 'DELETE', '/activity/give/00000000-0000-0000-0000-000000000000')).status,
    ).toBe(401);
    expect(
      await call(ctx.app, 'DELETE', '/activity/give/nope', { token: tok.teacher }),
    ).toMatchObject({ status: 404, body: { message: 'Give not found' } });
  });

  it("another teacher or another school's admin cannot undo it; nothing moves", async () => {
    const before = await balances();
    const giveId = await give('Helping others');
    for (const t of [tok.other, tok.adminB])
      expect((await call(ctx.app, 'DELETE', `/activity/give/${giveId}`, { token: t })).status).toBe(
        404,
      );
    expect(
      (await ctx.database.db.select().from(activities).where(eq(activities.giveId, giveId))).length,
    ).toBe(3);
    expect((await balances()).every((b, i) => b > before[i]!)).toBe(true);
  });

  it('the giver undoes the whole give at once: every balance comes back and the books balance', async () => {
    const before = await balances();
    const giveId = await give('Helping others');
    expect(
      await call(ctx.app, 'DELETE', `/activity/give/${giveId}`, { token: tok.teacher }),
    ).toMatchObject({ status: 200, body: { removed: 3 } });
    expect(await balances()).toEqual(before);
    expect(
      (await call(ctx.app, 'DELETE', `/activity/give/${giveId}`, { token: tok.teacher })).status,
    ).toBe(404);
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });

  it("an admin undoes anyone's give", async () => {
    const giveId = await give('Helping others');
    expect(
      await call(ctx.app, 'DELETE', `/activity/give/${giveId}`, { token: tok.admin }),
    ).toMatchObject({ status: 200, body: { removed: 3 } });
  });

  it("undoing a flag after the day's run gives the Daily Behavior points back too", async () => {
    const db = ctx.database.db;
    await runDailyPoints(db, school.id, day);
    const before = await balances();
    const giveId = await give('Late to class');
    const after = await balances();
    const flag = await typeByName(db, school, 'Late to class');
    const behavior = await typeByName(db, school, 'Daily behavior');
    expect(after.map((b, i) => before[i]! - b)).toEqual(
      kids.map(() => -flag.points + behavior.points),
    );
    expect(
      (await call(ctx.app, 'DELETE', `/activity/give/${giveId}`, { token: tok.teacher })).status,
    ).toBe(200);
    expect(await balances()).toEqual(before);
    expect(await ledgerDrift(db, school.id)).toEqual([]);
  });
});
