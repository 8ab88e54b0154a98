import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, HOUSES, isSchoolDay, ORDER_STATUSES } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  absences,
  activities,
  credentials,
  dailyRuns,
  orders,
  periodStudents,
  periods,
  products,
  schools,
  uploadedImages,
  users,
} from '../src/db/schema.js';
import { checkBooks } from '../src/ledger/check.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { DEMO_PASSWORD, isEmpty, seedDemo } from '../src/seed/demo.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let lines: string[];

beforeAll(async () => {
  expect(await isEmpty(ctx.database.db)).toBe(true);
  lines = await seedDemo(ctx.database.db);
});

const school = async (externalId: string) => {
  const [s] = await ctx.database.db
    .select()
    .from(schools)
    .where(eq(schools.externalId, externalId));
  return s!;
};
const userByName = async (username: string) => {
  const [row] = await ctx.database.db
    .select({ user: users, school: schools.externalId })
    .from(credentials)
    .innerJoin(
      users,
      and(eq(users.schoolId, credentials.schoolId), eq(users.id, credentials.userId)),
    )
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(credentials.username, username));
  return row;
};

/**
 * The school days the demo's month of history can take: the last 21 before today from the day
 * giving starts (fewer in a year's first weeks, none before it starts).
 */
async function historyDays(demo: { id: string; timeZone: string }): Promise<string[]> {
  const cal = await loadCalendar(ctx.database.db, demo);
  const days: string[] = [];
  for (let d = addDays(cal.today, -1); days.length < 21 && d >= cal.givingStart; d = addDays(d, -1))
    if (isSchoolDay(cal, d)) days.push(d);
  return days;
}

describe('seedDemo on a fresh database', () => {
  it('prints the demo sign-ins and leaves the database non-empty', async () => {
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
    expect(await isEmpty(ctx.database.db)).toBe(false);
  });

  it.each([
    ['admin', 'DEMO', ['SCHOOL_ADMIN']],
    ['teacher1', 'DEMO', ['TEACHER']],
    ['teacher2', 'DEMO', ['TEACHER']],
    ['teacher3', 'DEMO', ['TEACHER']],
    ['teacher4', 'DEMO', ['TEACHER']],
    ['store', 'DEMO', ['STORE_MANAGER']],
    ['assistant', 'DEMO', ['ASSISTANT_STORE_MANAGER']],
    ['house', 'DEMO', ['STAFF', 'HOUSE_MANAGER']],
    ['giveall', 'DEMO', ['STAFF', 'GIVE_ALL']],
    ['reports', 'DEMO', ['STAFF', 'SCHOOLWIDE_REPORTS']],
    ['student1', 'DEMO', ['STUDENT']],
    ['student120', 'DEMO', ['STUDENT']],
    ['other-admin', 'OTHER', ['SCHOOL_ADMIN']],
    ['other-teacher', 'OTHER', ['TEACHER']],
    ['other-student', 'OTHER', ['STUDENT']],
  ])('%s is a user of %s with roles %j', async (username, schoolCode, roles) => {
    const row = await userByName(username);
    expect(row).toBeDefined();
    expect(row!.school).toBe(schoolCode);
    expect(row!.user.roles).toEqual(roles);
  });

  it('DEMO has 120 students in grades 6–8 spread over all four houses', async () => {
    const demo = await school('DEMO');
    const students = await ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, demo.id), sql`'STUDENT' = any(${users.roles})`));
    expect(students).toHaveLength(120);
    expect([...new Set(students.map((s) => s.gradeLevel))].sort()).toEqual(['6', '7', '8']);
    expect([...new Set(students.map((s) => s.house))].sort()).toEqual([...HOUSES].sort());
  });

  it("teacher1 co-teaches one of teacher2's periods; teacher4 has none", async () => {
    const [t1, t2, t4] = await Promise.all(['teacher1', 'teacher2', 'teacher4'].map(userByName));
    const all = await ctx.database.db
      .select()
      .from(periods)
      .where(eq(periods.schoolId, t1!.user.schoolId));
    const coTaught = all.filter((p) => p.coTeachers.includes(t1!.user.externalId));
    expect(coTaught).toHaveLength(1);
    expect(coTaught[0]!.teacherId).toBe(t2!.user.id);
    const [{ n } = { n: 0 }] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(periodStudents)
      .where(eq(periodStudents.periodId, coTaught[0]!.id));
    expect(Number(n)).toBeGreaterThan(0);
    expect(
      all.filter((p) => p.teacherId === t4!.user.id || p.coTeachers.includes(t4!.user.externalId)),
    ).toEqual([]);
  });

  it('each DEMO class has 25 to 30 students, each student two classes of two teachers, no two classes the same students', async () => {
    const demo = await school('DEMO');
    const all = await ctx.database.db.select().from(periods).where(eq(periods.schoolId, demo.id));
    const seats = await ctx.database.db
      .select()
      .from(periodStudents)
      .where(eq(periodStudents.schoolId, demo.id));
    expect(all).toHaveLength(9);
    const lists = all.map((p) => seats.filter((s) => s.periodId === p.id).map((s) => s.studentId));
    expect(
      lists.every((l) => l.length >= 25 && l.length <= 30),
      lists.map((l) => l.length).join(),
    ).toBe(true);
    expect(new Set(lists.map((l) => l.sort().join())).size).toBe(9);
    const teacherOf = new Map(all.map((p) => [p.id, p.teacherId]));
    const teachers = new Map<string, string[]>();
    for (const s of seats)
      teachers.set(s.studentId, [...(teachers.get(s.studentId) ?? []), teacherOf.get(s.periodId)!]);
    expect(teachers.size).toBe(120);
    for (const ts of teachers.values()) expect(new Set(ts).size).toBe(2);
  });

  it.each(['teacher1', 'teacher2', 'teacher3'])(
    "%s is refused a student in none of their classes (another teacher's) by every call about one student, and answered for one of theirs",
    async (username) => {
      const token = (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username, password: DEMO_PASSWORD },
        })
      ).body.token;
      const admin = (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: 'admin', password: DEMO_PASSWORD },
        })
      ).body.token;
      const mine = new Set<string>();
      for (const p of (await call(ctx.app, 'GET', '/periods', { token })).body as { _id: string }[])
        for (const s of (await call(ctx.app, 'GET', `/periods/${p._id}`, { token })).body
          .students as { _id: string }[])
          mine.add(s._id);
      const everyone = (
        (await call(ctx.app, 'GET', '/school/students', { token: admin })).body as { _id: string }[]
      ).map((s) => s._id);
      const others = everyone.filter((id) => !mine.has(id));
      expect(mine.size).toBeGreaterThan(25);
      expect(others.length).toBeGreaterThan(25);
      const about = (id: string) =>
        [
          ['GET', `/utility/student/balance/stats?studentId=${id}`, undefined],
          ['POST', '/utility/student/balance', { endDates: ['2030-01-01'], studentId: id }],
          ['GET', `/utility/student/dashboard/stats?studentId=${id}`, undefined],
          ['GET', `/utility/student/academic-projections?studentId=${id}`, undefined],
          ['GET', `/activity/?studentId=${id}`, undefined],
          ['GET', `/reports/student/${id}`, undefined],
        ] as const;
      for (const [method, url, payload] of about(others[0]!))
        expect(await call(ctx.app, method, url, { token, payload }), url).toMatchObject({
          status: 403,
          body: { message: 'This student is not in your classes.' },
        });
      for (const [method, url, payload] of about([...mine][0]!))
        expect((await call(ctx.app, method, url, { token, payload })).status, url).toBe(200);
    },
  );

  it('OTHER is Elementary; DEMO has its house system on and configured and a Pickup store', async () => {
    expect((await school('OTHER')).schoolType).toContain('Elementary');
    expect(await school('DEMO')).toMatchObject({
      hasHouseSystem: true,
      isHouseSystemConfigured: true,
      storeModel: 'Pickup',
    });
  });

  it.each(['admin', 'teacher1', 'student1', 'store', 'other-student'])(
    '%s signs in with the demo password',
    async (username) => {
      const res = await call(ctx.app, 'POST', '/auth/login', {
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      const me = await call(ctx.app, 'POST', '/auth/me', { token: res.body.token });
      expect(me).toMatchObject({ status: 200, body: { username } });
    },
  );

  it('a teacher signing in sees the co-taught period through the API', async () => {
    const login = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: 'teacher1', password: DEMO_PASSWORD },
    });
    const res = await call(ctx.app, 'GET', '/periods', { token: login.body.token });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { isOwner: boolean }) => p.isOwner)).toEqual([true, true, true, false]);
    expect(login.body.user.periodCount).toBe(4);
  });

  it("the books balance: every school's wallets and rollups equal its ledger (npm run db:check)", async () => {
    const { lines: report, drifted } = await checkBooks(ctx.database.db);
    expect(report).toEqual(['DEMO: books balance', 'OTHER: books balance']);
    expect(drifted).toBe(0);
  });

  it('DEMO has orders in every status in the school store and a teacher store; student10 has one in each', async () => {
    const demo = await school('DEMO');
    const all = await ctx.database.db.select().from(orders).where(eq(orders.schoolId, demo.id));
    const statuses = (store: string) =>
      [...new Set(all.filter((o) => o.store === store).map((o) => o.status))].sort();
    // Early in a year the students have earned less, and orders they cannot afford are left out.
    expect(all.length).toBeLessThanOrEqual(31);
    if ((await historyDays(demo)).length < 21) return;
    expect(statuses('School')).toEqual([...ORDER_STATUSES].sort());
    expect(statuses('Teacher')).toEqual(['CANCELED', 'PACKAGED', 'PENDING', 'REDEEMED']);
    // A month in, every planned order was affordable: none left out.
    expect(all).toHaveLength(31);
    expect(new Set(all.map((o) => o.studentId)).size).toBe(9);
    // Through the API, as the student's screen reads them.
    const token = (
      await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: 'student10', password: DEMO_PASSWORD },
      })
    ).body.token;
    const mine = await call(ctx.app, 'GET', '/api/v2/order/student', { token });
    expect(mine.status).toBe(200);
    const list = mine.body as {
      status: string;
    }[];
    expect([...new Set(list.map((o) => o.status))].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('most DEMO products show a picture from the icon set, kept as an uploaded picture and served', async () => {
    const demo = await school('DEMO');
    const list = await ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.schoolId, demo.id), isNull(products.deletedAt)));
    const pictured = list.filter((p) => p.image);
    expect(pictured.length).toBeGreaterThanOrEqual(10);
    const kept = await ctx.database.db
      .select()
      .from(uploadedImages)
      .where(eq(uploadedImages.schoolId, demo.id));
    for (const p of pictured) {
      const m = /^\/uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/.exec(p.image!);
      expect(m?.[1], p.image!).toBe(demo.id);
      expect(kept.map((k) => k.id)).toContain(m![2]);
    }
    const res = await ctx.app.inject({ method: 'GET', url: pictured[0]!.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it("DEMO has about a month of history: gives on the last 21 school days, flags with their teacher's words, and each day's daily points by attendance", async () => {
    const demo = await school('DEMO');
    const rows = await ctx.database.db
      .select({
        date: activities.date,
        studentId: activities.studentId,
        category: activities.category,
        comment: activities.comment,
        givenBy: activities.givenBy,
      })
      .from(activities)
      .where(eq(activities.schoolId, demo.id));
    const given = rows.filter((r) => r.givenBy);
    const days = [...new Set(given.map((r) => r.date))].sort();
    expect(days).toEqual((await historyDays(demo)).sort());
    const flags = given.filter((r) => r.category === 'Flags');
    expect(flags.every((r) => r.comment.length > 0)).toBe(true);
    const runs = await ctx.database.db
      .select()
      .from(dailyRuns)
      .where(eq(dailyRuns.schoolId, demo.id));
    expect(runs.map((r) => r.date).sort()).toEqual(days.sort());
    const away = await ctx.database.db
      .select()
      .from(absences)
      .where(eq(absences.schoolId, demo.id));
    // A month in (not in a year's first weeks): bonuses, flags and absences on its days.
    if (days.length === 21)
      expect([
        given.some((r) => r.category === 'Bonuses'),
        flags.length > 0,
        away.length > 0,
      ]).toEqual([true, true, true]);
    for (const run of runs) {
      const absent = away.filter((a) => a.date === run.date).length;
      const daily = rows.filter((r) => r.date === run.date && r.category === 'Daily Attendance');
      expect(daily, run.date).toHaveLength(120 - absent);
      expect(run.studentsAttendance).toBe(120 - absent);
      const flagged = new Set(flags.filter((r) => r.date === run.date).map((r) => r.studentId));
      const behaved = rows.filter((r) => r.date === run.date && r.category === 'Daily Behavior');
      expect(behaved, run.date).toHaveLength(120 - flagged.size);
    }
  });
});
