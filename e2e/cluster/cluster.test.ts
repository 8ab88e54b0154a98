import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, lastSchoolDay, todayIn } from '@app/domain';
import { rowsOf } from '../../apps/server/src/db/client.js';
import { activities, dailyRuns } from '../../apps/server/src/db/schema.js';
import { DAILY_POINTS_QUEUE } from '../../apps/server/src/jobs/daily-points.js';
import { checkBooks } from '../../apps/server/src/ledger/check.js';
import { loadCalendar } from '../../apps/server/src/modules/calendar/service.js';
import { MAX_FAILURES_PER_USER_ADDRESS } from '../../apps/server/src/lib/sign-in-limits.js';
import { schoolDay, typeByName } from '../../apps/server/test/helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  type SchoolRow,
  type UserRow,
} from '../../apps/server/test/helpers/factories.js';
import { call, login, useCluster } from './use-cluster.js';

/*
 * Three servers on one PostgreSQL behind HAProxy (docs/decisions/099-three-servers-behind-haproxy.md):
 * whatever one server does, the others see at once, since every piece of state lives in the
 * database. Some calls go to one server's own port on purpose, the rest through HAProxy.
 */
const ctx = useCluster(3);
const school = {} as { row: SchoolRow; teacher: UserRow; admin: UserRow; store: UserRow };
const students: UserRow[] = [];
const server = (i: number) => () => ctx.cluster.servers[i]!.url;
const [s1, s2, s3] = [server(0), server(1), server(2)];
const all = () => ctx.cluster.servers.map((s) => s.url);

beforeAll(async () => {
  const db = ctx.database.db;
  school.row = await makeSchool(db);
  school.teacher = await makeUser(db, school.row, ['TEACHER']);
  school.admin = await makeUser(db, school.row, ['SCHOOL_ADMIN']);
  school.store = await makeUser(db, school.row, ['STORE_MANAGER']);
  for (let i = 0; i < 5; i++) students.push(await makeUser(db, school.row, ['STUDENT']));
  await makePeriod(db, school.row, school.teacher, students);
});

/** A real w × h PNG of one colour (no image library needed). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x5a)]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('three servers behind HAProxy share everything through the database', () => {
  it('HAProxy answers, and each server answers on its own port', async () => {
    for (const base of [ctx.cluster.url, ...all()])
      expect((await call(base, 'GET', 'status')).status).toBe(200);
  });

  it('a sign-out on one server is refused on the others within a second', async () => {
    const token = await login(s1(), school.teacher.username);
    // Every server has the session in its cache now.
    for (const base of all())
      expect((await call(base, 'POST', 'auth/me', { token })).status).toBe(200);
    expect((await call(s2(), 'POST', 'auth/logout', { token })).status).toBeLessThan(300);
    const signedOut = Date.now();
    for (const base of [s1(), s3()]) {
      let status = 200;
      while (status === 200 && Date.now() - signedOut < 1_000)
        status = (await call(base, 'POST', 'auth/me', { token })).status;
      expect(status, `${base} still accepted the session a second after the sign-out`).toBe(401);
    }
    for (let i = 0; i < 3; i++)
      expect((await call(ctx.cluster.url, 'POST', 'auth/me', { token })).status).toBe(401);
  });

  it('a setting changed on one server is read on the others at once', async () => {
    const token = await login(ctx.cluster.url, school.admin.username);
    for (const value of [true, false]) {
      const put = await call(s1(), 'PUT', 'settings/advanced', {
        token,
        body: { canTeacherGiveAll: value },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      for (const base of [s2(), s3()])
        expect((await call(base, 'GET', 'settings', { token })).body).toMatchObject({
          canTeacherGiveAll: value,
        });
    }
  });

  it('a give on one server is read on the others at once', async () => {
    const db = ctx.database.db;
    const token = await login(ctx.cluster.url, school.teacher.username);
    const type = await typeByName(db, school.row, 'Kindness');
    const comment = `cluster ${randomBytes(4).toString('hex')}`;
    const student = students[0]!;
    const give = await call(s3(), 'POST', 'activity/bulk', {
      token,
      body: {
        externalStudentIds: [student.externalId],
        activityTypes: [type.id],
        date: await schoolDay(db, school.row),
        comment,
      },
    });
    expect(give.status, JSON.stringify(give.body)).toBe(200);
    for (const base of [s1(), s2()]) {
      const list = await call(base, 'GET', `activity/?studentId=${student.id}&limit=50`, {
        token,
      });
      expect(list.status).toBe(200);
      expect(
        (list.body as { comment: string }[]).filter((a) => a.comment === comment),
      ).toHaveLength(1);
    }
  });

  it('a give on one server is read at once on the others that kept the read a moment ago', async () => {
    // Each server keeps its answers while the school is unchanged (docs/decisions/120-answer-cache.md):
    // the give's announcement must reach them before the next read does, every time.
    const db = ctx.database.db;
    const teacher = await login(ctx.cluster.url, school.teacher.username);
    const student = students[1]!;
    const token = await login(ctx.cluster.url, student.username);
    const type = await typeByName(db, school.row, 'Kindness');
    const day = await schoolDay(db, school.row);
    const balanceOn = async (base: string) => {
      const res = await call(base, 'GET', 'utility/student/balance/stats', { token });
      expect(res.status).toBe(200);
      return (res.body as { balance: number }).balance;
    };
    let expected = await balanceOn(s1());
    for (let round = 0; round < 20; round++) {
      for (const base of [s1(), s2()]) expect(await balanceOn(base)).toBe(expected);
      const give = await call(s3(), 'POST', 'activity/bulk', {
        token: teacher,
        body: { externalStudentIds: [student.externalId], activityTypes: [type.id], date: day },
      });
      expect(give.status, JSON.stringify(give.body)).toBe(200);
      expected += type.points;
      for (const base of [s1(), s2()])
        expect(await balanceOn(base), `round ${round}, ${base}`).toBe(expected);
    }
  });

  it('a picture uploaded through one server is served by every server', async () => {
    const token = await login(ctx.cluster.url, school.store.username);
    const grant = await call(s1(), 'GET', 'utility/upload-url/new', { token });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const put = await call(s1(), 'PUT', grant.body.uploadUrl as string, {
      raw: png(40, 30),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const base of [...all(), ctx.cluster.url]) {
      const res = await fetch(`${base}${grant.body.image as string}`);
      expect(res.status, `${base} did not serve the picture`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('wrong passwords spread over the servers count together', async () => {
    const target = students[1]!;
    const wrong = (base: string) =>
      call(base, 'POST', 'auth/login', { body: { username: target.username, password: 'nope' } });
    // 30 parallel guesses at one account, spread over the three servers and HAProxy.
    const bases = [...all(), ctx.cluster.url];
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => wrong(bases[i % bases.length]!).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_USER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILURES_PER_USER_ADDRESS);
    // The right password is refused too now, on every server.
    for (const base of bases)
      expect(
        (
          await call(base, 'POST', 'auth/login', {
            body: { username: target.username, password: PASSWORD },
          })
        ).status,
      ).toBe(429);
  });

  it('the daily points job gives a day once, with three servers working the queue', async () => {
    const db = ctx.database.db;
    // One schedule, however many servers asked for it.
    const schedules = rowsOf<{ cron: string }>(
      await db.execute(sql`select cron from pgboss.schedule where name = ${DAILY_POINTS_QUEUE}`),
    );
    expect(schedules).toEqual([{ cron: '5 * * * *' }]);

    // A school whose last school day has not had its points: three runs at once, as if the hour
    // came on every server (each job is picked by whichever server asks first).
    const fresh = await makeSchool(db);
    const kids = [];
    for (let i = 0; i < 4; i++) kids.push(await makeUser(db, fresh, ['STUDENT']));
    // The day the hourly job gives first: the last school day before today (today's waits for 4 pm).
    const yesterday = addDays(todayIn(fresh.timeZone), -1);
    const day = lastSchoolDay(await loadCalendar(db, fresh, yesterday), yesterday)!;
    expect(day).toBeTruthy();
    const sent = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into pgboss.job (name, data) select ${DAILY_POINTS_QUEUE}, '{}'::jsonb from generate_series(1, 3) returning id`,
      ),
    ).map((r) => r.id);
    expect(sent).toHaveLength(3);
    const done = async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from pgboss.job where id = any(${`{${sent.join(',')}}`}::uuid[]) and state = 'completed'`,
        ),
      )[0]!.n;
    const deadline = Date.now() + 30_000;
    while ((await done()) < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    expect(await done()).toBe(3);

    const runs = await db.select().from(dailyRuns).where(eq(dailyRuns.schoolId, fresh.id));
    expect(runs.filter((r) => r.date === day)).toHaveLength(1);
    const perStudent = rowsOf<{ student_id: string; n: number }>(
      await db.execute(
        sql`select student_id, count(*)::int as n from ${activities} where ${activities.schoolId} = ${fresh.id} and ${activities.date} = ${day} and ${activities.category} like 'Daily %' group by student_id`,
      ),
    );
    expect(perStudent.map((r) => r.n)).toEqual(kids.map(() => 2)); // attendance and behavior, once each
    const { drifted } = await checkBooks(db);
    expect(drifted).toBe(0);
    const again = await db
      .select()
      .from(activities)
      .where(and(eq(activities.schoolId, fresh.id), eq(activities.date, day)));
    expect(again).toHaveLength(kids.length * 2);
  });

  it("pg-boss's clock sends a scheduled job once for its minute, not once per server", async () => {
    const db = ctx.database.db;
    // A minute between 5 and 65 s from now, by the database's clock, instead of the hour's fifth,
    // for this test only (the cron is read at each tick). Its job is made within about 65 s of it:
    // pg-boss's clock looks every 30 s and hands the job to a worker that inserts it within 5 s.
    const { due, minute } = rowsOf<{ due: string; minute: number }>(
      await db.execute(
        sql`select due::text, extract(minute from due at time zone 'UTC')::int as minute
            from (select date_trunc('minute', now() + interval '65 seconds') as due) t`,
      ),
    )[0]!;
    await db.execute(
      sql`update pgboss.schedule set cron = ${`${minute} * * * *`} where name = ${DAILY_POINTS_QUEUE}`,
    );
    try {
      const made = async () =>
        rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from pgboss.job
                where name = ${DAILY_POINTS_QUEUE} and created_on >= ${due}::timestamptz`,
          ),
        )[0]!.n;
      const deadline = Date.now() + 170_000;
      while ((await made()) === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 1_000));
      // Time for the other servers' clocks to have looked at the same minute.
      await new Promise((r) => setTimeout(r, 35_000));
      expect(await made(), `jobs made for ${due}`).toBe(1);
    } finally {
      await db.execute(
        sql`update pgboss.schedule set cron = '5 * * * *' where name = ${DAILY_POINTS_QUEUE}`,
      );
    }
  }, 240_000);
});
