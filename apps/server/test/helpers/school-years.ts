import { and, eq } from 'drizzle-orm';
import { setClock } from '@app/domain';
import { beforeAll } from 'vitest';
import { schoolYears, users, wallets } from '../../src/db/schema.js';
import { checkBooks } from '../../src/ledger/check.js';
import { makeSchool, type SchoolRow, type UserRow } from './factories.js';
import { call, type TestContext, useTestApp } from './test-app.js';

/* The clock: every date rule reads the one clock, which a test sets (docs/testing-dates.md). */
export let ctx: TestContext;

/** A moment when the school's clock (America/Los_Angeles) shows `date`, at noon. */
export const at = (date: string) => setClock(`${date}T19:00:00Z`);

export const YEAR = { start: '2026-08-01', end: '2027-06-30', giving: '2026-08-16' };
export const NEXT = {
  startDate: '2027-08-01',
  endDate: '2028-06-30',
  givingStartDate: '2027-08-16',
};

export async function schoolWithYear(over: Partial<SchoolRow> = {}): Promise<SchoolRow> {
  const db = ctx.database.db;
  const school = await makeSchool(db, { schoolType: 'Middle', ...over });
  await db
    .update(schoolYears)
    .set({ startDate: YEAR.start, endDate: YEAR.end, givingStartDate: YEAR.giving })
    .where(eq(schoolYears.schoolId, school.id));
  return school;
}

export const balanceOf = async (student: UserRow) =>
  Number(
    (
      await ctx.database.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.schoolId, student.schoolId), eq(wallets.studentId, student.id)))
    )[0]?.balance ?? 0,
  );

export const userRow = async (student: UserRow) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, student.id)))[0]!;

export const books = async () => (await checkBooks(ctx.database.db)).drifted;

export async function waitDone(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const r = await call(ctx.app, 'GET', `/school-years/openings/${id}`, { token });
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the opening did not finish');
}

/** The shared setup of the school-years tests: call once at the top of each of their files. */
export function useSchoolYears() {
  ctx = useTestApp();

  beforeAll(() => {
    at('2027-06-15');
  });
}
