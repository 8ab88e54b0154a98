import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dailyRuns, uploadedImages } from '../src/db/schema.js';
import { DAILY_POINTS_QUEUE } from '../src/jobs/daily-points.js';
import { startJobs, UNUSED_PICTURES_QUEUE } from '../src/jobs/queue.js';
import { imageKey, imagePath } from '../src/modules/uploads/service.js';
import { makeSchool, makeUser } from './helpers/factories.js';
import { makeProduct } from './helpers/store.js';
import { useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();

describe('pg-boss wiring', () => {
  it("a daily-points job sent to the real queue gives the last school day's points once", async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    await makeUser(db, school, ['STUDENT']);
    const errors: unknown[] = [];
    const boss = await startJobs(ctx.database, { error: (o) => errors.push(o) }, ctx.app.images);
    try {
      await boss.send(DAILY_POINTS_QUEUE, {});
      let runs: unknown[] = [];
      for (let i = 0; i < 60 && !runs.length; i++) {
        await new Promise((r) => setTimeout(r, 500));
        runs = await db
          .select()
          .from(dailyRuns)
          .where(and(eq(dailyRuns.schoolId, school.id)));
      }
      expect(runs.length).toBeGreaterThan(0);
      expect(runs[0]).toMatchObject({ studentsAttendance: 1, studentsBehavior: 1 });
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('the unused-pictures job removes a picture no product uses a day after its upload, and keeps the others', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const storage = ctx.app.images;
    // By the database's clock, which the job reads.
    const dayAgo = sql`now() - interval '25 hours'`;
    const [old, young, used] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [old, young, used])
      await storage.put(imageKey(school.id, id), Buffer.from('webp'), 'image/webp');
    await db.insert(uploadedImages).values([
      { schoolId: school.id, id: old, bytes: 4, createdAt: dayAgo },
      { schoolId: school.id, id: young, bytes: 4 },
      { schoolId: school.id, id: used, bytes: 4, createdAt: dayAgo },
    ]);
    await makeProduct(db, school, { image: imagePath(school.id, used) });
    const errors: unknown[] = [];
    const boss = await startJobs(ctx.database, { error: (o) => errors.push(o) }, storage);
    try {
      await boss.send(UNUSED_PICTURES_QUEUE, {});
      let left = 3;
      for (let i = 0; i < 60 && left === 3; i++) {
        await new Promise((r) => setTimeout(r, 500));
        left = (
          await db.select().from(uploadedImages).where(eq(uploadedImages.schoolId, school.id))
        ).length;
      }
      const rows = await db
        .select({ id: uploadedImages.id })
        .from(uploadedImages)
        .where(eq(uploadedImages.schoolId, school.id));
      expect(rows.map((r) => r.id).sort()).toEqual([young, used].sort());
      expect(await storage.get(imageKey(school.id, old))).toBeNull();
      expect(await storage.get(imageKey(school.id, young))).not.toBeNull();
      expect(await storage.get(imageKey(school.id, used))).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
