import { and, eq, isNotNull } from 'drizzle-orm';
import { MSG, setClock } from '@app/domain';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  credentials,
  houses,
  passwordLinks,
  periodStudents,
  schoolYears,
  users,
} from '../src/db/schema.js';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { runningJobs } from '../src/modules/roster-import/jobs.js';
import { typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { district, multipart, toCsv, zipOf, type DistrictModel } from './helpers/roster-files.js';
import { linkIn, startSmtpServer } from './helpers/smtp.js';
import { call, useTestApp } from './helpers/test-app.js';
import { TEST_NOW } from './helpers/test-clock.js';

/*
 * Who left the school is archived everywhere (issue 31, item 9; docs/decisions/128-leavers-are-archived.md):
 * out of every current list and count (Bonuses & Flags, Users and roles, class rosters, the
 * district's counts, the daily points), listed under Left in Users and roles, with the day they left
 * in the export's people.csv, refused at every sign-in; still in the reports of the year they were in.
 * The top grade leaves when a year opens; a student a roster import no longer names leaves the same way.
 */
const smtp = await startSmtpServer();
const ctx = useTestApp({ PUBLIC_URL: 'http://localhost:4105', SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

/** Noon on `date` in the school's zone (America/Los_Angeles, the factory's). */
const at = (date: string) => setClock(`${date}T19:00:00Z`);
const YEAR = { start: '2026-08-01', end: '2027-06-30', giving: '2026-08-16' };
const NEXT = { startDate: '2027-08-01', endDate: '2028-06-30', givingStartDate: '2027-08-16' };
/** A Wednesday of the new year, after giving starts. */
const NEW_YEAR_DAY = '2027-09-15';
/** The day the year is opened. */
const OPENED_ON = '2027-07-02';

const ids = (rows: { _id: string }[]) => rows.map((r) => r._id);

describe('the top grade leaves when the year opens, and is archived', () => {
  let school: SchoolRow;
  let s6: UserRow;
  let s8: UserRow;
  let period: { id: string };
  let groupId: string;
  const tok = {} as Record<'admin' | 'teacher' | 'owner' | 's8', string>;
  let schoolToken: string;
  let resetToken: string;
  const s8Email = 'leaver@example.org';

  beforeAll(async () => {
    const db = ctx.database.db;
    at('2027-06-15');
    school = await makeSchool(db, { schoolType: 'Middle' });
    await db
      .update(schoolYears)
      .set({ startDate: YEAR.start, endDate: YEAR.end, givingStartDate: YEAR.giving })
      .where(eq(schoolYears.schoolId, school.id));
    await db.insert(houses).values({ schoolId: school.id, name: 'amistad', color: '#123456' });
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
    const teacher = await makeUser(db, school, ['TEACHER']);
    // The district's owner, signed in at this school.
    const owner = await makeUser(db, school, ['SUPER_ADMIN']);
    s6 = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6', house: 'amistad' });
    s8 = await makeUser(db, school, ['STUDENT'], {
      gradeLevel: '8',
      house: 'amistad',
      email: s8Email,
    });
    period = await makePeriod(db, school, teacher, [s6, s8]);
    tok.admin = await signIn(ctx.app, admin);
    tok.teacher = await signIn(ctx.app, teacher);
    tok.owner = await signIn(ctx.app, owner);
    tok.s8 = await signIn(ctx.app, s8);

    // Before the year ends: a group of the class, points for both, a school token and a reset
    // link of the one who will leave.
    const group = await call(ctx.app, 'POST', '/group-types', {
      token: tok.teacher,
      payload: {
        name: 'Tables',
        internalPeriodId: period.id,
        groups: [{ name: 'Table 1', studentIds: [s6.id, s8.id] }],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    groupId = group.body.groups[0]._id;
    const kindness = (await typeByName(db, school, 'Kindness')).id;
    const gave = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.admin,
      payload: {
        externalStudentIds: [s6.externalId, s8.externalId],
        activityTypes: [kindness],
        date: '2027-06-14',
      },
    });
    expect(gave.status, JSON.stringify(gave.body)).toBe(200);
    const issued = await call(ctx.app, 'POST', '/settings/school-tokens', {
      token: tok.admin,
      payload: { userId: s8.id, label: 'counter' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    schoolToken = issued.body.token;
    expect(
      (await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: s8Email } }))
        .status,
    ).toBe(200);
    resetToken = linkIn(await smtp.next(s8Email), '/reset-password').searchParams.get('token')!;

    // The year ends; the next one opens: grade 8 leaves, grade 6 moves up to 7.
    at(OPENED_ON);
    tok.admin = await signIn(ctx.app, admin);
    const started = await call(ctx.app, 'POST', '/school-years/openings', {
      token: tok.admin,
      payload: { dryRun: false, ordersPolicy: 'refund', ...NEXT },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (let i = 0; i < 200; i++) {
      const r = await call(ctx.app, 'GET', `/school-years/openings/${started.body._id}`, {
        token: tok.admin,
      });
      if (r.body.status !== 'running') {
        expect(r.body.status).toBe('done');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [row] = await db.select().from(users).where(eq(users.id, s8.id));
    expect(row!.leftAt).not.toBeNull();

    // A new school year is under way.
    at(NEW_YEAR_DAY);
    for (const [who, u] of [
      ['admin', admin],
      ['teacher', teacher],
      ['owner', owner],
    ] as const)
      tok[who] = await signIn(ctx.app, u);
  }, 60_000);

  it("Bonuses & Flags: not among the school's students, grades or houses", async () => {
    const students = await call(ctx.app, 'GET', '/school/students', { token: tok.admin });
    expect(students.status).toBe(200);
    expect(ids(students.body)).toContain(s6.id);
    expect(ids(students.body)).not.toContain(s8.id);
    const grades = await call(ctx.app, 'GET', '/school/grade-levels', { token: tok.admin });
    expect(grades.body.map((g: { value: string }) => g.value)).toEqual(['7']);
    const houseList = await call(ctx.app, 'GET', '/school/houses', { token: tok.admin });
    expect(houseList.body).toEqual([expect.objectContaining({ name: 'amistad', studentCount: 1 })]);
  });

  it('a give reaches no one who left: by id, grade, house or group', async () => {
    const kindness = (await typeByName(ctx.database.db, school, 'Kindness')).id;
    const give = (payload: object, token = tok.admin) =>
      call(ctx.app, 'POST', '/activity/bulk', {
        token,
        payload: { activityTypes: [kindness], date: NEW_YEAR_DAY, ...payload },
      });
    expect(await give({ externalStudentIds: [s8.externalId] })).toMatchObject({
      status: 400,
      body: { message: `Unknown student: ${s8.externalId}` },
    });
    expect(await give({ gradeLevels: ['8'] })).toMatchObject({
      status: 400,
      body: { message: MSG.selectStudent },
    });
    expect((await give({ houseNames: ['amistad'] })).status).toBe(200);
    const byGroup = await give({ groupIds: [groupId] }, tok.teacher);
    expect(byGroup.status, JSON.stringify(byGroup.body)).toBe(200);
    const wholeClass = await give({ internalPeriodId: period.id }, tok.teacher);
    expect(wholeClass.status, JSON.stringify(wholeClass.body)).toBe(200);
    const given = await ctx.database.db
      .select({ studentId: activities.studentId })
      .from(activities)
      .where(and(eq(activities.schoolId, school.id), eq(activities.date, NEW_YEAR_DAY)));
    expect(given.map((g) => g.studentId)).toEqual([s6.id, s6.id, s6.id]);
  });

  it('Users and roles: not among the current users, listed under Left with the day they left', async () => {
    const list = (query = '') =>
      call(ctx.app, 'GET', `/settings/users/roles${query}`, { token: tok.admin });
    const current = await list();
    expect(current.status).toBe(200);
    expect(ids(current.body.users)).toContain(s6.id);
    expect(ids(current.body.users)).not.toContain(s8.id);
    expect(current.body.users.find((u: { _id: string }) => u._id === s6.id).leftOn).toBeNull();
    const students = await list('?role=STUDENT');
    expect(students.body).toMatchObject({ total: 1, users: [{ _id: s6.id }] });
    const left = await list('?status=left');
    expect(left.status).toBe(200);
    expect(left.body).toEqual({
      total: 1,
      users: [expect.objectContaining({ _id: s8.id, gradeLevel: '8', leftOn: OPENED_ON })],
    });
    expect((await list('?status=gone')).status).toBe(400);
  });

  it('class rosters: not in the class, nor in its count', async () => {
    const detail = await call(ctx.app, 'GET', `/periods/${period.id}`, { token: tok.teacher });
    expect(detail.status).toBe(200);
    expect(ids(detail.body.students)).toEqual([s6.id]);
    expect(detail.body.studentCount).toBe(1);
    const mine = await call(ctx.app, 'GET', '/periods', { token: tok.teacher });
    expect(mine.body.find((p: { _id: string }) => p._id === period.id).studentCount).toBe(1);
  });

  it("the district's counts leave them out", async () => {
    const res = await call(ctx.app, 'GET', '/district/schools', { token: tok.owner });
    expect(res.status).toBe(200);
    const mine = res.body.schools.find((s: { _id: string }) => s._id === school.id);
    // s6 alone; the admin, the teacher and the owner.
    expect(mine).toMatchObject({ students: 1, staff: 3 });
  });

  it('no daily points from the day they left', async () => {
    const res = await runDailyPoints(ctx.database.db, school.id, NEW_YEAR_DAY);
    expect(res).toMatchObject({ given: true, studentsAttendance: 1 });
    const daily = await ctx.database.db
      .select({ studentId: activities.studentId })
      .from(activities)
      .where(
        and(
          eq(activities.schoolId, school.id),
          eq(activities.date, NEW_YEAR_DAY),
          eq(activities.category, 'Daily Attendance'),
        ),
      );
    expect(daily.map((d) => d.studentId)).toEqual([s6.id]);
  });

  it('still in the reports of the year they were in', async () => {
    const res = await call(
      ctx.app,
      'GET',
      `/reports/school-students?startDate=${YEAR.start}&endDate=${YEAR.end}`,
      { token: tok.admin },
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(s8.id);
  });

  it("the export's people.csv says the day they left", async () => {
    const started = await call(ctx.app, 'POST', '/exports', { token: tok.admin, payload: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let status = '';
    for (let i = 0; i < 200 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await call(ctx.app, 'GET', `/exports/${started.body._id}`, { token: tok.admin }))
        .body.status;
    }
    expect(status).toBe('done');
    const zip = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${started.body._id}/download`,
      headers: { authtoken: tok.admin },
    });
    const lines = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['people.csv']!)
      .trimEnd()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const leftOn = header.indexOf('left_on');
    expect(leftOn).toBeGreaterThan(0);
    const cell = (id: string) => lines.find((l) => l.includes(id))!.split(',')[leftOn];
    expect(cell(s8.id)).toBe(OPENED_ON);
    expect(cell(s6.id)).toBe('');
  });

  it('signs in no more: password, school token, a reset link (nothing changed), no new reset link', async () => {
    expect((await call(ctx.app, 'POST', '/auth/me', { token: tok.s8 })).status).toBe(401);
    expect(
      await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: s8.username, password: PASSWORD },
      }),
    ).toMatchObject({ status: 401, body: { message: MSG.notRegistered } });
    expect(
      await call(ctx.app, 'POST', '/auth/login/school', {
        payload: { externalSchoolId: school.externalId, token: schoolToken },
      }),
    ).toMatchObject({ status: 401, body: { message: MSG.notRegistered } });

    const db = ctx.database.db;
    const hashOf = async () =>
      (await db.select().from(credentials).where(eq(credentials.userId, s8.id)))[0]!.passwordHash;
    const before = await hashOf();
    expect(
      await call(ctx.app, 'POST', '/auth/reset-password', {
        payload: { token: resetToken, password: 'a brand new passphrase' },
      }),
    ).toMatchObject({ status: 401, body: { message: MSG.notRegistered } });
    expect(await hashOf()).toBe(before);

    const links = async () =>
      (await db.select().from(passwordLinks).where(eq(passwordLinks.userId, s8.id))).length;
    const linksBefore = await links();
    expect(
      (await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: s8Email } }))
        .status,
    ).toBe(200);
    expect(await links()).toBe(linksBefore);
  });
});

describe("a roster import's leavers are archived the same way, and come back when named again", () => {
  let school: SchoolRow;
  let token: string;
  let stays: UserRow;
  let goes: UserRow;

  beforeAll(async () => {
    setClock(TEST_NOW);
    const db = ctx.database.db;
    school = await makeSchool(db);
    token = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
    // Made by hand before the first import, which matches them by their sourcedId.
    stays = await makeUser(db, school, ['STUDENT'], { externalId: 'r-s0' });
    goes = await makeUser(db, school, ['STUDENT'], { externalId: 'r-s1' });
  });

  const model = (): DistrictModel =>
    district({
      schoolExternalId: school.externalId,
      students: 2,
      teachers: 1,
      classesPerTeacher: 1,
      classesPerStudent: 1,
      prefix: 'r',
    });
  const without = (m: DistrictModel, sourcedId: string): DistrictModel => ({
    ...m,
    users: m.users.filter((u) => u[0] !== sourcedId),
    enrollments: m.enrollments.filter((e) => e[5] !== sourcedId),
  });
  async function importRoster(m: DistrictModel) {
    const started = await call(ctx.app, 'POST', '/roster/import', {
      token,
      ...multipart([{ name: 'district.zip', data: zipOf(toCsv(m)) }]),
    });
    expect(started.status, JSON.stringify(started.body).slice(0, 500)).toBe(202);
    await Promise.allSettled(runningJobs());
    const done = await call(ctx.app, 'GET', `/roster/import/${started.body._id}`, { token });
    expect(done.body.status).toBe('done');
    return done.body;
  }
  const studentIds = async () =>
    ids((await call(ctx.app, 'GET', '/school/students', { token })).body);
  const leftIds = async () =>
    ids((await call(ctx.app, 'GET', '/settings/users/roles?status=left', { token })).body.users);
  const login = (u: UserRow) =>
    call(ctx.app, 'POST', '/auth/login', { payload: { username: u.username, password: PASSWORD } });

  it('a student the files no longer name leaves: out of the lists, under Left, refused at sign-in', async () => {
    await importRoster(model());
    const goesToken = await signIn(ctx.app, goes);
    expect(await studentIds()).toEqual(expect.arrayContaining([stays.id, goes.id]));

    await importRoster(without(model(), 'r-s1'));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, goes.id));
    expect(row!.leftAt).not.toBeNull();
    expect(await studentIds()).toEqual([stays.id]);
    expect(await leftIds()).toEqual([goes.id]);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: goesToken })).status).toBe(401);
    expect(await login(goes)).toMatchObject({ status: 401, body: { message: MSG.notRegistered } });
    // The student the files still name is untouched.
    expect((await login(stays)).status).toBe(200);
  });

  it('named again, they come back: listed, and they sign in', async () => {
    const done = await importRoster(model());
    expect(done.summary.people.change.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ sourcedId: 'r-s1', fields: ['returns'] })]),
    );
    const left = await ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, school.id), isNotNull(users.leftAt)));
    expect(left).toEqual([]);
    expect((await studentIds()).sort()).toEqual([stays.id, goes.id].sort());
    expect(await leftIds()).toEqual([]);
    expect((await login(goes)).status).toBe(200);
  });

  it('a class roster never lists someone who has left: a file still naming a year leaver brings them back', async () => {
    const db = ctx.database.db;
    // As the year's opening leaves them: left_at set, out of every class.
    await db.update(users).set({ leftAt: new Date() }).where(eq(users.id, goes.id));
    await db.delete(periodStudents).where(eq(periodStudents.studentId, goes.id));
    // A file not yet updated still enrolls them: they come back rather than sit, archived, in a class.
    const done = await importRoster(model());
    expect(done.summary.people.change.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ sourcedId: 'r-s1', fields: ['returns'] })]),
    );
    const periodList = await call(ctx.app, 'GET', '/periods', { token });
    for (const p of periodList.body as { _id: string }[]) {
      const detail = await call(ctx.app, 'GET', `/periods/${p._id}`, { token });
      for (const st of detail.body.students as { _id: string }[]) {
        const [row] = await db.select().from(users).where(eq(users.id, st._id));
        expect(row!.leftAt, `${st._id} is in a class`).toBeNull();
      }
    }
    expect((await studentIds()).sort()).toEqual([stays.id, goes.id].sort());
  });
});
