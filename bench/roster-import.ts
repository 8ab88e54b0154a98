import type { Db } from '../apps/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import { districts, schools, users } from '../apps/server/src/db/schema.js';
import { pgArray } from '../apps/server/src/lib/pg-array.js';
import { createSession } from '../apps/server/src/modules/auth/service.js';
import { runningJobs } from '../apps/server/src/modules/roster-import/jobs.js';
import { district, multipart, toCsv, zipOf } from '../apps/server/test/helpers/roster-files.js';
import { benchApp, benchDatabase } from './setup.js';
import { benchTargets } from './targets.js';

/**
 * The OneRoster import of a generated 2,000-student school (2,080 people, 400 classes, 10,000
 * enrollments) through the API: the dry run, and the import from the upload to the job's end
 * (one transaction, then VACUUM ANALYZE), beside a baseline measured on the same database: the
 * same rows written with plain multi-row INSERTs in one transaction.
 * `node --import tsx bench/roster-import.ts` (PGlite; PostgreSQL too when DATABASE_URL or 127.0.0.1:5432 answers).
 */

const targets = await benchTargets();

for (const t of targets) {
  const database = await benchDatabase(t.url, 'default');
  const app = await benchApp(database);
  const db = database.db;
  try {
    const [school] = await db
      .insert(schools)
      .values({ districtId: await benchDistrict(db), externalId: 'BENCH', name: 'Bench Middle' })
      .returning();
    const [admin] = await db
      .insert(users)
      .values({
        schoolId: school!.id,
        externalId: 'bench-admin',
        firstName: 'Ben',
        lastName: 'Admin',
        roles: ['SCHOOL_ADMIN'],
      })
      .returning();
    const { token } = await createSession(db, school!.id, admin!.id, 8);
    const model = district({
      schoolExternalId: 'BENCH',
      students: 2000,
      teachers: 80,
      classesPerTeacher: 5,
      classesPerStudent: 5,
      year: { start: '2026-08-01', end: '2099-06-30' },
    });
    const body = multipart([{ name: 'district.zip', data: zipOf(toCsv(model)) }]);
    const post = (url: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { authtoken: token, ...body.headers },
        payload: body.payload,
      });

    let t0 = performance.now();
    const dry = await post('/roster/dry-run');
    const dryMs = performance.now() - t0;
    if (dry.statusCode !== 200)
      throw new Error(`dry run: ${dry.statusCode} ${dry.body.slice(0, 300)}`);

    t0 = performance.now();
    const started = await post('/roster/import');
    if (started.statusCode !== 202)
      throw new Error(`import: ${started.statusCode} ${started.body.slice(0, 300)}`);
    await Promise.allSettled(runningJobs());
    const importMs = performance.now() - t0;
    const job = JSON.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/roster/import/${JSON.parse(started.body)._id}`,
          headers: { authtoken: token },
        })
      ).body,
    );
    if (job.status !== 'done') throw new Error(`import ${job.status}: ${job.message}`);

    // Baseline: the same rows by plain INSERTs in one transaction, into a second school.
    const [other] = await db
      .insert(schools)
      .values({ districtId: await benchDistrict(db), externalId: 'BASE', name: 'Baseline' })
      .returning();
    const people = model.users.filter((u) => u[4] === 'd-org-school' && u[5] !== 'parent');
    t0 = performance.now();
    await db.transaction(async (tx) => {
      const ids =
        await tx.execute(sql`insert into users (school_id, external_id, first_name, last_name, roles)
        select ${other!.id}, x, f, l, '{STUDENT}' from unnest(${pgArray(
          people.map((u) => String(u[0])),
          'text',
        )}, ${pgArray(
          people.map((u) => String(u[8])),
          'text',
        )}, ${pgArray(
          people.map((u) => String(u[9])),
          'text',
        )}) as v(x, f, l)
        returning id`);
      const userIds = (ids as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      const periods =
        await tx.execute(sql`insert into periods (school_id, name, teacher_id, external_teacher_id, period_number)
        select ${other!.id}, 'Class ' || n, ${userIds[0]!}::uuid, 't', 1 from generate_series(1, ${model.classes.length}) n returning id`);
      const periodIds = (periods as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      const enrolled = model.enrollments.filter((e) => e[6] === 'student');
      await tx.execute(sql`insert into period_students (school_id, period_id, student_id)
        select ${other!.id}, p, s from unnest(${pgArray(
          enrolled.map((_, i) => periodIds[i % periodIds.length]!),
          'uuid',
        )}, ${pgArray(
          enrolled.map((_, i) => userIds[80 + Math.floor(i / 5)]!),
          'uuid',
        )}) as v(p, s)
        on conflict do nothing`);
    });
    const baseMs = performance.now() - t0;

    console.log(
      `\n${t.label}: roster import of a 2,000-student school (${job.total.toLocaleString('en-US')} rows: 2,080 people, 400 classes, 10,000 enrollments)`,
    );
    console.log(
      `  dry run (upload, unzip, read, check, diff)            ${dryMs.toFixed(0).padStart(7)} ms`,
    );
    console.log(
      `  import (upload to the job's end, VACUUM ANALYZE incl.) ${importMs.toFixed(0).padStart(7)} ms`,
    );
    console.log(
      `  baseline: the same rows by plain INSERTs              ${baseMs.toFixed(0).padStart(7)} ms   ratio ${(importMs / baseMs).toFixed(1)}x`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

/** A district for a bench school. */
async function benchDistrict(db: Db): Promise<string> {
  return (await db.insert(districts).values({ name: 'Bench' }).returning())[0]!.id;
}
