import { and, eq } from 'drizzle-orm';
import { addDays, isWeekend } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { dailyRuns, holidays } from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * A holiday added while the daily job gives that day's points: one of them wins. Before the fix
 * the add checked "no run yet" and the run checked "no holiday" each before the other committed,
 * so a day could end up a holiday that had paid its daily points.
 */
const ctx = useTestApp();
let school: SchoolRow;
let admin: string;

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  admin = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']));
  await makeUser(ctx.database.db, school, ['STUDENT']);
});

describe('a holiday and the daily run of the same day', () => {
  it('never both happen, however they interleave', async () => {
    const db = ctx.database.db;
    const { today, yearStart } = await loadCalendar(db, school);
    const days: string[] = [];
    for (let d = addDays(today, -1); days.length < 20 && d > yearStart; d = addDays(d, -1))
      if (!isWeekend(d)) days.push(d);

    const outcomes = await Promise.all(
      days.map(async (date, i) => {
        const run = () => runDailyPoints(db, school.id, date);
        const add = () =>
          call(ctx.app, 'POST', '/calendar/holidays', {
            token: admin,
            payload: { date, name: 'Snow day' },
          });
        const [a, b] =
          i % 2 ? await Promise.all([run(), add()]) : (await Promise.all([add(), run()])).reverse();
        return {
          date,
          run: a as Awaited<ReturnType<typeof run>>,
          add: b as Awaited<ReturnType<typeof add>>,
        };
      }),
    );

    for (const { date, run, add } of outcomes) {
      const [holiday] = await db
        .select()
        .from(holidays)
        .where(and(eq(holidays.schoolId, school.id), eq(holidays.date, date)));
      const [given] = await db
        .select()
        .from(dailyRuns)
        .where(and(eq(dailyRuns.schoolId, school.id), eq(dailyRuns.date, date)));
      expect({ date, both: Boolean(holiday) && Boolean(given) }).toEqual({ date, both: false });
      // The loser says so: a refused add is 409 with a message; a run that lost gives nothing.
      if (given)
        expect(add).toMatchObject({
          status: 409,
          body: { message: 'date: daily points were already given on that day' },
        });
      else
        expect({ date, add: add.status, given: run.given }).toEqual({
          date,
          add: 200,
          given: false,
        });
    }
  });
});
