import { randomBytes } from 'node:crypto';
import { addDays, todayIn, type Role } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import {
  credentials,
  houses,
  periodStudents,
  periods,
  districts,
  schools,
  users,
} from '../../src/db/schema.js';
import { hashPassword } from '../../src/lib/tokens.js';
import { createCurrentYear } from '../../src/modules/calendar/service.js';
import { createDefaultActivityTypes } from '../../src/seed/activity-types.js';
import { call } from './test-app.js';

export const PASSWORD = 'pass1234';
let hash: Promise<string> | undefined;
const passwordHash = () => (hash ??= hashPassword(PASSWORD));
const uniq = () => randomBytes(4).toString('hex');

export type SchoolRow = typeof schools.$inferSelect;
export type UserRow = typeof users.$inferSelect & { username: string };

export async function makeSchool(
  db: Db,
  over: Partial<typeof schools.$inferInsert> = {},
): Promise<SchoolRow> {
  const code = `S${uniq()}`.toUpperCase();
  // Each school in a district of its own unless the test names one.
  const districtId =
    over.districtId ??
    (
      await db
        .insert(districts)
        .values({ name: `District ${code}` })
        .returning()
    )[0]!.id;
  const [s] = await db
    .insert(schools)
    .values({
      districtId,
      externalId: code,
      name: `School ${code}`,
      hasHouseSystem: true,
      isHouseSystemConfigured: true,
      ...over,
    })
    .returning();
  // A year around today, whatever the month the suite runs in.
  const today = todayIn(s!.timeZone);
  await createCurrentYear(db, s!, {
    yearStart: addDays(today, -150),
    yearEnd: addDays(today, 150),
    givingStart: addDays(today, -150),
  });
  await createDefaultActivityTypes(db, s!.id);
  return s!;
}

export async function makeHouses(db: Db, school: SchoolRow, names = ['altruismo', 'amistad']) {
  await db
    .insert(houses)
    .values(names.map((name) => ({ schoolId: school.id, name, color: '#123456' })));
}

export async function makeUser(
  db: Db,
  school: SchoolRow,
  roles: Role[],
  over: Partial<typeof users.$inferInsert> & { username?: string } = {},
): Promise<UserRow> {
  const { username = `u${uniq()}`, ...rest } = over;
  const [u] = await db
    .insert(users)
    .values({
      schoolId: school.id,
      externalId: `X${uniq()}`,
      firstName: 'Test',
      lastName: `User${uniq()}`,
      roles,
      ...rest,
    })
    .returning();
  await db
    .insert(credentials)
    .values({ username, schoolId: school.id, userId: u!.id, passwordHash: await passwordHash() });
  return { ...u!, username };
}

export async function makePeriod(
  db: Db,
  school: SchoolRow,
  teacher: UserRow,
  students: UserRow[],
  over: Partial<typeof periods.$inferInsert> = {},
) {
  const [p] = await db
    .insert(periods)
    .values({
      schoolId: school.id,
      teacherId: teacher.id,
      externalTeacherId: teacher.externalId,
      periodNumber: 1,
      sectionNumbers: ['1'],
      ...over,
    })
    .returning();
  if (students.length)
    await db
      .insert(periodStudents)
      .values(students.map((s) => ({ schoolId: school.id, periodId: p!.id, studentId: s.id })));
  return p!;
}

/** Signs in through the real login call and returns the token. */
export async function signIn(app: FastifyInstance, user: { username: string }): Promise<string> {
  const res = await call(app, 'POST', '/auth/login', {
    payload: { username: user.username, password: PASSWORD },
  });
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
