import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  guardianStudents,
  periods,
  periodStudents,
  studentDemographics,
  users,
} from '../src/db/schema.js';
import { runningJobs } from '../src/modules/roster-import/jobs.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { multipart } from './helpers/roster-files.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * The example OneRoster 1.1 set of docs/rosters.md (docs/examples/oneroster/), imported as it is
 * through the real calls: every file of the folder, the ones the import ignores included.
 */
const DIR = fileURLToPath(new URL('../../../docs/examples/oneroster/', import.meta.url));
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.csv'))
  .sort();
const upload = () =>
  multipart(FILES.map((name) => ({ name, data: readFileSync(`${DIR}${name}`) })));

const child = alias(users, 'child');

const ctx = useTestApp();
let school: SchoolRow;
let token: string;

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  token = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']));
});

/** The school's users by role (the admin who imports is one of them). */
async function roles() {
  const rows = await ctx.database.db
    .select({ roles: users.roles })
    .from(users)
    .where(eq(users.schoolId, school.id));
  const out: Record<string, number> = {};
  for (const r of rows) for (const role of r.roles) out[role] = (out[role] ?? 0) + 1;
  return out;
}

describe('docs/examples/oneroster', () => {
  it('holds the OneRoster 1.1 set the docs describe', () => {
    expect(FILES).toEqual([
      'academicSessions.csv',
      'classes.csv',
      'courses.csv',
      'demographics.csv',
      'enrollments.csv',
      'manifest.csv',
      'orgs.csv',
      'users.csv',
    ]);
  });

  it('passes the dry run without a problem and lists what it would add', async () => {
    const res = await call(ctx.app, 'POST', '/roster/dry-run', { token, ...upload() });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({ errors: [], errorCount: 0, warnings: [], warningCount: 0 });
    expect(res.body.files.sort()).toEqual([
      'academicSessions.csv',
      'classes.csv',
      'demographics.csv',
      'enrollments.csv',
      'orgs.csv',
      'users.csv',
    ]);
    const s = res.body.summary;
    expect({
      people: s.people.add.count,
      classes: s.periods.add.count,
      enrollments: s.enrollments.add.count,
      coTeachers: s.coTeachers.add.count,
      guardianLinks: s.guardianLinks.add.count,
    }).toEqual({ people: 46, classes: 5, enrollments: 80, coTeachers: 1, guardianLinks: 1 });
    // Nothing is written by a dry run.
    expect(await roles()).toEqual({ SCHOOL_ADMIN: 1 });
  });

  it('imports: 40 students, 4 teachers, the principal as staff, 5 classes, 80 enrollments, a guardian', async () => {
    const started = await call(ctx.app, 'POST', '/roster/import', { token, ...upload() });
    expect(started.status, JSON.stringify(started.body).slice(0, 500)).toBe(202);
    await Promise.allSettled(runningJobs());
    const done = await call(ctx.app, 'GET', `/roster/import/${started.body._id}`, { token });
    expect(done.body).toMatchObject({ status: 'done', message: null });

    expect(await roles()).toEqual({
      SCHOOL_ADMIN: 1,
      STUDENT: 40,
      TEACHER: 4,
      STAFF: 1,
      GUARDIAN: 1,
    });
    const db = ctx.database.db;
    const grades = await db
      .select({ grade: users.gradeLevel })
      .from(users)
      .where(and(eq(users.schoolId, school.id), isNotNull(users.gradeLevel)));
    const byGrade: Record<string, number> = {};
    for (const g of grades) byGrade[g.grade!] = (byGrade[g.grade!] ?? 0) + 1;
    expect(byGrade).toEqual({ '06': 14, '07': 13, '08': 13 });

    const classes = await db
      .select({
        name: periods.name,
        number: periods.periodNumber,
        teacher: periods.externalTeacherId,
        coTeachers: periods.coTeachers,
      })
      .from(periods)
      .where(eq(periods.schoolId, school.id))
      .orderBy(periods.periodNumber);
    expect(classes).toEqual([
      { name: 'Math 6', number: 1, teacher: 'tch-okafor', coTeachers: [] },
      { name: 'Life Science 7', number: 2, teacher: 'tch-lindqvist', coTeachers: [] },
      { name: 'English 8', number: 3, teacher: 'tch-ramos', coTeachers: [] },
      { name: 'Art', number: 4, teacher: 'tch-whitaker', coTeachers: ['tch-okafor'] },
      { name: 'Physical Education', number: 5, teacher: 'tch-whitaker', coTeachers: [] },
    ]);
    const enrolled = await db
      .select({ id: periodStudents.studentId })
      .from(periodStudents)
      .where(eq(periodStudents.schoolId, school.id));
    expect(enrolled).toHaveLength(80);

    // Rosa Delgado, a parent, is the guardian of her son Mateo only.
    const links = await db
      .select({
        guardian: users.externalId,
        guardianRoles: users.roles,
        child: child.externalId,
        childName: child.firstName,
      })
      .from(guardianStudents)
      .innerJoin(users, eq(users.id, guardianStudents.guardianId))
      .innerJoin(child, eq(child.id, guardianStudents.studentId))
      .where(eq(guardianStudents.schoolId, school.id));
    expect(links).toEqual([
      {
        guardian: 'gdn-rosa-delgado',
        guardianRoles: ['GUARDIAN'],
        child: 'stu-1001',
        childName: 'Mateo',
      },
    ]);

    // Every student's demographics (issue 34): the last one's sex only, the rest unknown.
    const demographics = await db
      .select({ id: users.externalId, d: studentDemographics })
      .from(studentDemographics)
      .innerJoin(users, eq(users.id, studentDemographics.studentId))
      .where(eq(studentDemographics.schoolId, school.id))
      .orderBy(users.externalId);
    expect(demographics).toHaveLength(40);
    expect(demographics[0]!.d).toMatchObject({
      sex: 'male',
      blackOrAfricanAmerican: true,
      white: false,
      hispanicOrLatinoEthnicity: true,
      englishLearner: false,
    });
    expect(demographics[39]!.d).toMatchObject({ sex: 'female', white: null, englishLearner: null });

    // The same files again change nothing.
    const again = await call(ctx.app, 'POST', '/roster/dry-run', { token, ...upload() });
    const counted = Object.values(again.body.summary).flatMap((g) =>
      Object.values(g as Record<string, { count: number }>).map((l) => l.count),
    );
    expect(counted.every((n) => n === 0)).toBe(true);
  });
});
