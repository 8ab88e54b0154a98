import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { alias } from 'drizzle-orm/pg-core';
import { periods, periodStudents, rosterUsers, users } from '../../src/db/schema.js';
import { runningJobs } from '../../src/modules/roster-import/jobs.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './factories.js';
import { district, HEADERS, type DistrictModel } from './roster-files.js';
import { call, type TestContext, useTestApp } from './test-app.js';

export const guardian = alias(users, 'guardian');
export const child = alias(users, 'child');

/** One line of a dry run's lists. */
export type Item = { sourcedId: string; name: string; detail: string; fields?: string[] };

export let ctx: TestContext;
export let school: SchoolRow;
export let admin: UserRow;
export let token: string;

export const send = (
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
  t = token,
) => call(ctx.app, 'POST', url, { token: t, ...body });

/** Starts an import and waits for it; answers its final state. */
export async function importAndWait(body: { payload: Buffer; headers: Record<string, string> }) {
  const started = await send('/roster/import', body);
  expect(started.status, JSON.stringify(started.body).slice(0, 500)).toBe(202);
  await Promise.allSettled(runningJobs());
  const res = await call(ctx.app, 'GET', `/roster/import/${started.body._id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** What the school holds: users, periods with a source id, enrollments, people who left. */
export async function counts(schoolId = school.id) {
  const db = ctx.database.db;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    users: await n(db.select({ n: count() }).from(users).where(eq(users.schoolId, schoolId))),
    periods: await n(
      db
        .select({ n: count() })
        .from(periods)
        .where(and(eq(periods.schoolId, schoolId), isNotNull(periods.sourceId))),
    ),
    enrollments: await n(
      db.select({ n: count() }).from(periodStudents).where(eq(periodStudents.schoolId, schoolId)),
    ),
    left: await n(
      db
        .select({ n: count() })
        .from(rosterUsers)
        .where(and(eq(rosterUsers.schoolId, schoolId), isNotNull(rosterUsers.leftAt))),
    ),
  };
}

/** users.csv's agentSourcedIds column. */
const AGENTS = HEADERS.users.indexOf('agentSourcedIds');

/**
 * The generated district: 2,000 students, 80 teachers with 5 classes each, 5 classes per student,
 * and a parent: the guardian of d-s1 (by the parent's agentSourcedIds) and of d-s2 (by the student's).
 */
export const big = (): DistrictModel => {
  const m = district({
    schoolExternalId: school.externalId,
    students: 2000,
    teachers: 80,
    classesPerTeacher: 5,
    classesPerStudent: 5,
    year: { start: '2026-08-01', end: '2099-06-30' },
  });
  m.users = m.users.map((u) =>
    u[0] === 'd-parent'
      ? Object.assign([...u], { [AGENTS]: 'd-s1' })
      : u[0] === 'd-s2'
        ? Object.assign([...u], { [AGENTS]: 'd-parent' })
        : u,
  );
  return m;
};

/** The shared setup of the roster-import tests: call once at the top of each of their files. */
export function useRosterImportSchool() {
  ctx = useTestApp();

  beforeAll(async () => {
    school = await makeSchool(ctx.database.db);
    admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
    token = await signIn(ctx.app, admin);
  });
}
