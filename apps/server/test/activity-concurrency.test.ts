import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, wallets } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let school: SchoolRow;
let students: UserRow[];
let tokens: string[];
let day: string;
let bonusId: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teachers = [
    await makeUser(db, school, ['TEACHER']),
    await makeUser(db, school, ['SCHOOL_ADMIN']),
  ];
  students = [];
  for (let i = 0; i < 20; i++) students.push(await makeUser(db, school, ['STUDENT']));
  await makePeriod(db, school, teachers[0]!, students);
  tokens = [await signIn(ctx.app, teachers[0]!), await signIn(ctx.app, teachers[1]!)];
  day = await schoolDay(db, school);
  bonusId = (await typeByName(db, school, 'Helping others')).id;
});

describe('concurrent gives', () => {
  it('50 bulk gives to overlapping students at once lose no point', async () => {
    // Give i reaches a sliding window of 8 students, so every student is in many gives at once.
    const windows = Array.from({ length: 50 }, (_, i) =>
      Array.from({ length: 8 }, (_, k) => students[(i + k * 3) % students.length]!),
    );
    const results = await Promise.all(
      windows.map((w, i) =>
        call(ctx.app, 'POST', '/activity/bulk', {
          token: tokens[i % 2],
          payload: {
            externalStudentIds: w.map((s) => s.externalId),
            activityTypes: [bonusId],
            date: day,
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const expected = new Map<string, number>();
    for (const w of windows)
      for (const s of new Set(w)) expected.set(s.id, (expected.get(s.id) ?? 0) + 5);
    const rows = await ctx.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.schoolId, school.id));
    for (const s of students)
      expect(rows.find((r) => r.studentId === s.id)?.balance ?? 0).toBe(expected.get(s.id) ?? 0);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activities)
      .where(and(eq(activities.schoolId, school.id)));
    expect(Number(count!.n)).toBe([...expected.values()].reduce((n, v) => n + v / 5, 0));
    expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
  });
});
