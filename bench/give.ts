import { randomUUID } from 'node:crypto';
import { lastSchoolDay } from '@app/domain';
import type { Database } from '../apps/server/src/db/client.js';
import { credentials, users } from '../apps/server/src/db/schema.js';
import { loadCalendar } from '../apps/server/src/modules/calendar/service.js';
import { hashPassword } from '../apps/server/src/lib/tokens.js';
import { makeSchool } from '../apps/server/test/helpers/factories.js';
import { typeByName } from '../apps/server/test/helpers/economy.js';
import { benchApp } from './setup.js';

const STUDENTS = 1000;
const SINGLE_GIVES = 200;
const CONCURRENCY = 20;

export interface Figure {
  name: string;
  ms: number;
  perActivityUs: number;
  baselineMs: number;
  ratio: number;
}

/**
 * A 1,000-student bulk give through the whole app (HTTP, auth, validation, one transaction with
 * wallets and rollup) against a plain multi-row INSERT of the same 1,000 activity rows; and 200
 * single-student gives, 20 at a time, against 200 single-row INSERTs, 20 at a time. Each give is
 * timed beside the insert that follows it; the ratio is the median of those pairs.
 */
export async function benchGive(database: Database): Promise<Figure[]> {
  const db = database.db;
  const { school, students } = await seedGiveSchool(db);
  const app = await benchApp(database);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'bench-admin', password: 'bench' },
  });
  const token = login.json().token as string;
  const day = lastSchoolDay(
    await loadCalendar(db, school),
    (await loadCalendar(db, school)).today,
  )!;
  const typeId = (await typeByName(db, school, 'Helping others')).id;
  const rosterIds = students.map((s) => s.externalId);

  const give = async (ids: string[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activity/bulk',
      headers: { authtoken: token },
      payload: { externalStudentIds: ids, activityTypes: [typeId], date: day },
    });
    if (res.statusCode !== 200) throw new Error(`give failed: ${res.statusCode} ${res.body}`);
  };
  const rawInsert = async (ids: string[]) => {
    const values: unknown[] = [];
    const tuples = ids.map((sid, i) => {
      values.push(randomUUID(), sid);
      return `($${i * 2 + 1}::uuid, '${school.id}'::uuid, $${i * 2 + 2}::uuid, '${typeId}'::uuid, 'Helping others', 'Bonuses', 5, '', '${day}'::date, '${randomUUID()}'::uuid)`;
    });
    await database.executeSql(
      `insert into activities (id, school_id, student_id, activity_type_id, activity_type, category, points, comment, date, give_id) values ${tuples.join(',')}`,
      values,
    );
  };

  const studentIds = students.map((s) => s.id);
  await give(rosterIds.slice(0, 10)); // warm up
  await rawInsert(studentIds.slice(0, 10));
  const bulk = await alternating(
    11,
    () => give(rosterIds),
    () => rawInsert(studentIds),
  );

  const inParallel = async (fn: (i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SINGLE_GIVES) await fn(next++);
      }),
    );
  };
  const single = await alternating(
    3,
    () => inParallel((i) => give([rosterIds[i % STUDENTS]!])),
    () => inParallel((i) => rawInsert([studentIds[i % STUDENTS]!])),
  );
  await app.close();
  return [
    {
      name: `bulk give to ${STUDENTS} students`,
      ms: bulk.a,
      perActivityUs: (bulk.a * 1000) / STUDENTS,
      baselineMs: bulk.b,
      ratio: bulk.ratio,
    },
    {
      name: `${SINGLE_GIVES} single gives, ${CONCURRENCY} at a time`,
      ms: single.a,
      perActivityUs: (single.a * 1000) / SINGLE_GIVES,
      baselineMs: single.b,
      ratio: single.ratio,
    },
  ];
}

/**
 * a and b timed in turns (a, b, a, b, …), so a load that comes and goes on the shared machine falls
 * on both alike: the median of each, and the median of each a over the b timed just after it.
 */
async function alternating(
  runs: number,
  a: () => Promise<void>,
  b: () => Promise<void>,
): Promise<{ a: number; b: number; ratio: number }> {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  const time = async (fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  for (let i = 0; i < runs; i++) {
    as.push(await time(a));
    bs.push(await time(b));
    ratios.push(as[i]! / bs[i]!);
  }
  const mid = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { a: mid(as), b: mid(bs), ratio: mid(ratios) };
}

/** A school of STUDENTS students and an admin who signs in as bench-admin. */
async function seedGiveSchool(db: Database['db']) {
  const school = await makeSchool(db);
  const rows = Array.from({ length: STUDENTS }, (_, i) => ({
    schoolId: school.id,
    externalId: `B${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    roles: ['STUDENT'],
    gradeLevel: String(6 + (i % 3)),
  }));
  const students = await db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, externalId: users.externalId });
  const [admin] = await db
    .insert(users)
    .values({
      schoolId: school.id,
      externalId: 'BA',
      firstName: 'Bench',
      lastName: 'Admin',
      roles: ['SCHOOL_ADMIN'],
    })
    .returning();
  await db.insert(credentials).values({
    username: 'bench-admin',
    schoolId: school.id,
    userId: admin!.id,
    passwordHash: await hashPassword('bench'),
  });
  return { school, students };
}
