import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { credentials, periods, periodStudents, schools, users } from '../src/db/schema.js';
import { createSession, findSession } from '../src/modules/auth/service.js';
import { coachingOf } from '../src/modules/reports/coaching.js';
import { equityReport } from '../src/modules/reports/equity.js';
import { seedDemo } from '../src/seed/demo.js';
import { freshDatabase } from './helpers/test-db.js';

/*
 * The demo shows issue 34's screens with something in them: a few students of each class without a
 * bonus in the last two weeks, and demographics whose every breakdown shows groups, with one small
 * enough to be suppressed.
 */

let database: Database;
let demoId: string;

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemo(database.db);
  const [demo] = await database.db.select().from(schools).where(eq(schools.externalId, 'DEMO'));
  demoId = demo!.id;
});
afterAll(async () => {
  await database?.close();
});

async function signedIn(username: string) {
  const [c] = await database.db
    .select()
    .from(credentials)
    .where(eq(credentials.username, username));
  const { token } = await createSession(database.db, c!.schoolId, c!.userId, 1);
  return (await findSession(database.db, token))!;
}

describe('the demo school for PBIS', () => {
  it('every class has students nobody recognised in the last 10 school days, listed for its teachers', async () => {
    const classes = await database.db
      .select({ id: periods.id, teacherId: periods.teacherId })
      .from(periods)
      .where(eq(periods.schoolId, demoId));
    expect(classes).toHaveLength(9);
    const teachers = await database.db
      .select({ id: users.id, username: credentials.username })
      .from(users)
      .innerJoin(
        credentials,
        and(eq(credentials.schoolId, users.schoolId), eq(credentials.userId, users.id)),
      )
      .where(eq(users.schoolId, demoId));
    const listed = new Map<string, Set<string>>();
    for (const p of classes) {
      const username = teachers.find((t) => t.id === p.teacherId)!.username;
      if (!listed.has(username))
        listed.set(
          username,
          new Set(
            (await coachingOf(database.db, await signedIn(username), {})).unrecognized.map(
              (u) => u.studentId,
            ),
          ),
        );
      const roster = await database.db
        .select({ id: periodStudents.studentId })
        .from(periodStudents)
        .where(and(eq(periodStudents.schoolId, demoId), eq(periodStudents.periodId, p.id)));
      const quiet = roster.filter((s) => listed.get(username)!.has(s.id));
      expect(quiet.length, p.id).toBeGreaterThanOrEqual(2);
      expect(quiet.length, p.id).toBeLessThanOrEqual(4);
    }
  });

  it('shows most groups of each breakdown, and suppresses the small ones', async () => {
    const admin = await signedIn('admin');
    const race = await equityReport(database.db, admin, { by: 'race' });
    expect(race.groups.map((g) => [g.group, g.students])).toEqual([
      ['americanIndianOrAlaskaNative', null],
      ['asian', 20],
      ['blackOrAfricanAmerican', 24],
      ['nativeHawaiianOrOtherPacificIslander', null],
      ['white', 42],
      ['twoOrMoreRaces', 16],
    ]);
    for (const by of ['ethnicity', 'sex', 'grade', 'ell', 'sped', 'frl'] as const) {
      const r = await equityReport(database.db, admin, { by });
      expect(r.groups.length, by).toBeGreaterThan(1);
      expect(
        r.groups.every((g) => !g.suppressed && g.students! >= 10),
        by,
      ).toBe(true);
      expect(
        r.groups.some((g) => g.recognizedShare! > 0),
        by,
      ).toBe(true);
    }
    // Seven 504 plans: hidden, and the other 113 with them (they would give the seven away).
    const plans = await equityReport(database.db, admin, { by: 'section504' });
    expect(plans.groups.map((g) => [g.group, g.suppressed])).toEqual([
      ['yes', true],
      ['no', true],
    ]);
  });
});
