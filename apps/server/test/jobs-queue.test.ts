import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailyRuns } from '../src/db/schema.js';
import { DAILY_POINTS_QUEUE } from '../src/jobs/daily-points.js';
import { startJobs } from '../src/jobs/queue.js';
import { makeSchool, makeUser } from './helpers/factories.js';
import { useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();

describe('pg-boss wiring', () => {
  it('a daily-points job sent to the real queue gives the last school day\'s points once', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    await makeUser(db, school, ['STUDENT']);
    const errors: unknown[] = [];
    const boss = await startJobs(ctx.database, { error: (o) => errors.push(o) });
    try {
      await boss.send(DAILY_POINTS_QUEUE, {});
      let runs: unknown[] = [];
      for (let i = 0; i < 60 && !runs.length; i++) {
        await new Promise((r) => setTimeout(r, 500));
        runs = await db.select().from(dailyRuns).where(and(eq(dailyRuns.schoolId, school.id)));
      }
      expect(runs.length).toBeGreaterThan(0);
      expect(runs[0]).toMatchObject({ studentsAttendance: 1, studentsBehavior: 1 });
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
