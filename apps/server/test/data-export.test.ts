import { EXPORT_FILES, type ExportFile } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, dataExports, studentDemographics } from '../src/db/schema.js';
import { startJobs } from '../src/jobs/queue.js';
import {
  DATA_EXPORT_QUEUE,
  removeExpiredExports,
  runExport,
} from '../src/modules/exports/service.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/** POST exports, GET exports/{id}, GET exports/{id}/download: a zip of CSV files, for 24 hours. */
const ctx = useTestApp();
const tok = {} as Record<'admin' | 'teacher' | 'owner' | 'adminB' | 'adminC', string>;
let a: SchoolRow;
let b: SchoolRow;
let c: SchoolRow;
let kid: UserRow;
let teacher: UserRow;

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  b = await makeSchool(db); // another district
  c = await makeSchool(db, { districtId: a.districtId }); // A's district
  teacher = await makeUser(db, a, ['TEACHER']);
  kid = await makeUser(db, a, ['STUDENT'], {
    firstName: 'Ada',
    lastName: '=Lovelace',
    house: 'altruismo',
  });
  const other = await makeUser(db, a, ['STUDENT']);
  await makePeriod(db, a, teacher, [kid, other]);
  await makeUser(db, c, ['STUDENT'], { firstName: 'Cecil', lastName: 'Inc' });
  await db.insert(studentDemographics).values({
    schoolId: a.id,
    studentId: kid.id,
    sex: 'female',
    asian: true,
    englishLearner: false,
  });
  tok.admin = await signIn(ctx.app, await makeUser(db, a, ['SCHOOL_ADMIN']));
  tok.teacher = await signIn(ctx.app, teacher);
  tok.owner = await signIn(ctx.app, await makeUser(db, a, ['SUPER_ADMIN']));
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
  tok.adminC = await signIn(ctx.app, await makeUser(db, c, ['SCHOOL_ADMIN']));
  const bonus = await typeByName(db, a, 'Kindness');
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tok.teacher,
    payload: {
      externalStudentIds: [kid.externalId, other.externalId],
      activityTypes: [bonus.id],
      date: await schoolDay(db, a),
      comment: 'Well done, Ada',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

/** Polls GET exports/{id} until the export is no longer queued or running. */
async function finished(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call(ctx.app, 'GET', `/exports/${id}`, { token });
    expect(res.status).toBe(200);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not finish');
}

async function download(token: string, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/exports/${id}/download`,
    headers: { authtoken: token },
  });
  return res;
}

const csvLines = (files: Record<string, Uint8Array>, name: string) =>
  strFromU8(files[name]!).trimEnd().split('\r\n');

let schoolExport = '';

describe('a school export', () => {
  it('a teacher may not export (403); a school admin starts one (202) and it runs to done of total', async () => {
    expect(
      (await call(ctx.app, 'POST', '/exports', { token: tok.teacher, payload: {} })).status,
    ).toBe(403);
    const res = await call(ctx.app, 'POST', '/exports', { token: tok.admin, payload: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ scope: 'school', status: 'queued' });
    schoolExport = res.body._id;
    const done = await finished(tok.admin, schoolExport);
    expect(done.status).toBe('done');
    expect(done.total).toBeGreaterThan(10);
    expect(done.done).toBe(done.total);
    expect(done.bytes).toBeGreaterThan(0);
    expect(Date.parse(done.expiresAt) - Date.parse(done.createdAt)).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    const list = await call(ctx.app, 'GET', '/exports', { token: tok.admin });
    expect(list.body.map((e: { _id: string }) => e._id)).toContain(schoolExport);
  });

  it('the zip holds README.txt and one CSV per kind of record, with every row of the school', async () => {
    const res = await download(tok.admin, schoolExport);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...EXPORT_FILES.map((f) => f.file)].sort(),
    );
    const readme = strFromU8(files['README.txt']!);
    // Sensitive files are marked: an admin may read demographics (reports:equity), so they are in.
    expect(readme).toContain('  sensitive: demographics, read only with reports:equity\r\n');
    for (const f of EXPORT_FILES) {
      expect(readme).toContain(f.file);
      expect(csvLines(files, f.file)[0]).toBe(f.columns.map((col) => col.name).join(','));
      for (const col of f.columns) expect(readme).toContain(`- ${col.name}: `);
    }
    const people = csvLines(files, 'people.csv');
    expect(people.some((l) => l.includes(kid.id) && l.includes("'=Lovelace"))).toBe(true);
    // The stored house (the key) and, beside it, the house as people read it.
    expect(people.find((l) => l.includes(kid.id))).toContain(',altruismo,Altruismo,');
    expect(people.some((l) => l.includes('Cecil'))).toBe(false);
    const [n] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activities)
      .where(eq(activities.schoolId, a.id));
    expect(csvLines(files, 'activities.csv')).toHaveLength(Number(n!.n) + 1);
    expect(csvLines(files, 'activities.csv').join('\n')).toContain('Well done, Ada');
    expect(csvLines(files, 'schools.csv').slice(1)).toHaveLength(1);
    // Only the student recorded, unknowns empty, the instant last.
    const demographics = csvLines(files, 'demographics.csv').slice(1);
    expect(demographics).toHaveLength(1);
    expect(demographics[0]).toMatch(
      new RegExp(
        `^${a.externalId},${kid.id},female,,true,,,,,,false,,,,\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z$`,
      ),
    );
  });

  it('leaves demographics out, README.txt included, when the one who asked may not read them', async () => {
    const db = ctx.database.db;
    // data:export is an admin's; a requester without reports:equity stands for any future one.
    const [row] = await db
      .insert(dataExports)
      .values({ schoolId: a.id, scope: 'school', requestedBy: teacher.id })
      .returning();
    await runExport(db, { schoolId: a.id, id: row!.id });
    const [done] = await db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(done!.status).toBe('done');
    const files = unzipSync(new Uint8Array(done!.file!));
    const kept = (f: ExportFile) => !f.sensitive;
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...EXPORT_FILES.filter(kept).map((f) => f.file)].sort(),
    );
    const readme = strFromU8(files['README.txt']!);
    expect(readme).not.toContain('demographics');
    expect(readme).not.toContain('sensitive');
    expect(done!.done).toBe(done!.total);
    await db.delete(dataExports).where(eq(dataExports.id, row!.id));
  });

  it("another school's admin, even of the same district, finds no such export (404)", async () => {
    for (const t of [tok.adminB, tok.adminC]) {
      expect((await call(ctx.app, 'GET', `/exports/${schoolExport}`, { token: t })).status).toBe(
        404,
      );
      expect((await download(t, schoolExport)).statusCode).toBe(404);
      const list = await call(ctx.app, 'GET', '/exports', { token: t });
      expect(list.body).toEqual([]);
    }
  });

  it('after 24 hours the download is 404, and the hourly cleanup deletes the file', async () => {
    const db = ctx.database.db;
    await db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.id, schoolExport));
    const res = await download(tok.admin, schoolExport);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).message).toMatch(/expired/);
    await removeExpiredExports(db);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, schoolExport))).toEqual([]);
  });
});

describe("a district export (the district's owner)", () => {
  it('a school admin may not ask for one (403)', async () => {
    const res = await call(ctx.app, 'POST', '/exports', {
      token: tok.admin,
      payload: { scope: 'district' },
    });
    expect(res.status).toBe(403);
  });

  it("holds every school of the owner's district and no other; only the district's owners may read it", async () => {
    const res = await call(ctx.app, 'POST', '/exports', {
      token: tok.owner,
      payload: { scope: 'district' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body._id;
    expect((await finished(tok.owner, id)).status).toBe('done');
    const zip = await download(tok.owner, id);
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const codes = csvLines(files, 'schools.csv')
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort();
    expect(codes).toEqual([a.externalId, c.externalId].sort());
    expect(csvLines(files, 'people.csv').some((l) => l.includes('Cecil'))).toBe(true);
    for (const t of [tok.admin, tok.adminB, tok.adminC])
      expect((await download(t, id)).statusCode).toBe(404);
  });
});

describe('the data-export job on the real queue', () => {
  it('fills a queued export once', async () => {
    const db = ctx.database.db;
    const [row] = await db
      .insert(dataExports)
      .values({ schoolId: b.id, scope: 'school' })
      .returning();
    const errors: unknown[] = [];
    const boss = await startJobs(ctx.database, { error: (o) => errors.push(o) }, ctx.app.images);
    try {
      await boss.send(DATA_EXPORT_QUEUE, { schoolId: b.id, id: row!.id });
      let status = 'queued';
      for (let i = 0; i < 60 && status !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await db.select().from(dataExports).where(eq(dataExports.id, row!.id)))[0]!
          .status;
      }
      expect(status).toBe('done');
      expect(errors).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 60_000);
});
