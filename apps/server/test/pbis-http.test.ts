import { weekStart } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardianStudents } from '../src/db/schema.js';
import { writeOrders } from '../src/ledger/orders.js';
import { createSession } from '../src/modules/auth/service.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * Issue 34 through the API, as the web calls it (the services alone: pbis.test.ts and
 * pbis-economy.test.ts): a teacher's ratio after real gives, the students nobody recognised, the
 * fairness report's suppression and who may read it, the economy's two halves, a student's
 * demographics. On both databases; the day is the suite's (docs/testing-dates.md).
 */

const ctx = useTestApp();
const db = () => ctx.database.db;

/** A session as the login call makes it (without the password check, which costs a third of a second). */
const tokenOf = async (u: UserRow) => (await createSession(db(), u.schoolId, u.id, 8)).token;
const get = (url: string, token: string) => call(ctx.app, 'GET', url, { token });
const put = (url: string, token: string, payload: object) =>
  call(ctx.app, 'PUT', url, { token, payload });

/** PUT settings/school with the school's profile as it stands and `change`. */
async function setSchool(adminToken: string, change: object) {
  const { body } = await get('/settings/school', adminToken);
  const { code: _code, ...profile } = body;
  const res = await put('/settings/school', adminToken, {
    ...profile,
    schoolType: 'Middle',
    storeModel: 'Pickup',
    ...change,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const refused = { status: 403, body: { message: expect.any(String) } };

let school: SchoolRow;
let day: string;
let admin: UserRow;
let teacher: UserRow;
let kids: UserRow[];
/** Sessions of school A's people. */
const t = {} as Record<'admin' | 'teacher' | 'student' | 'guardian' | 'store', string>;

beforeAll(async () => {
  school = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
  day = await schoolDay(db(), school);
  admin = await makeUser(db(), school, ['SCHOOL_ADMIN']);
  teacher = await makeUser(db(), school, ['TEACHER']);
  kids = [];
  for (const [firstName, lastName] of [
    ['Ana', 'Avila'],
    ['Ben', 'Brown'],
    ['Cy', 'Cole'],
    ['Di', 'Dunn'],
  ])
    kids.push(await makeUser(db(), school, ['STUDENT'], { firstName, lastName, gradeLevel: '7' }));
  await makePeriod(db(), school, teacher, kids);
  const guardian = await makeUser(db(), school, ['GUARDIAN']);
  await db()
    .insert(guardianStudents)
    .values({ schoolId: school.id, guardianId: guardian.id, studentId: kids[0]!.id });
  t.admin = await tokenOf(admin);
  // The school's own target, set before anyone's session loads the school.
  await setSchool(t.admin, { pbisTargetRatio: 5 });
  t.teacher = await tokenOf(teacher);
  t.student = await tokenOf(kids[0]!);
  t.guardian = await tokenOf(guardian);
  t.store = await tokenOf(await makeUser(db(), school, ['STORE_MANAGER']));
});

describe('coaching/me: a teacher’s ratio and the students nobody recognised', () => {
  it('a teacher gives 3 bonuses and 1 flag and sees 3, 1, 3.0 against the school’s target', async () => {
    const before = await get('/coaching/me?range=this-week', t.teacher);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ positives: 0, correctives: 0, ratio: null, target: 5 });
    expect(before.body.unrecognized.map((u: { name: string }) => u.name).sort()).toEqual([
      'Ana Avila',
      'Ben Brown',
      'Cy Cole',
      'Di Dunn',
    ]);
    const [ana, ben, cy, di] = kids as [UserRow, UserRow, UserRow, UserRow];
    const bonus = await typeByName(db(), school, 'Kindness');
    const flag = await typeByName(db(), school, 'Late to class');
    for (const payload of [
      { externalStudentIds: [ana.externalId, ben.externalId], activityTypes: [bonus.id] },
      { externalStudentIds: [cy.externalId], activityTypes: [bonus.id] },
      { externalStudentIds: [di.externalId], activityTypes: [flag.id] },
    ]) {
      const res = await call(ctx.app, 'POST', '/activity/bulk', {
        token: t.teacher,
        payload: { ...payload, date: day },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const after = await get('/coaching/me?range=this-week', t.teacher);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ positives: 3, correctives: 1, ratio: 3, target: 5 });
    expect(after.body.ratio.toFixed(1)).toBe('3.0');
    // The school's window (this week) when the call names none.
    expect((await get('/coaching/me', t.teacher)).body).toMatchObject({ positives: 3 });
    expect(await ledgerDrift(db(), school.id)).toEqual([]);
  });

  it('a student recognised today leaves unrecognized; a flag is no recognition', async () => {
    const r = await get('/coaching/me', t.teacher);
    expect(r.body.unrecognized).toEqual([
      { studentId: kids[3]!.id, name: 'Di Dunn', lastRecognized: null },
    ]);
    // Recognised by anyone (the admin) counts; the teacher's own figures stay theirs.
    const res = await call(ctx.app, 'POST', '/activity/bulk', {
      token: t.admin,
      payload: {
        externalStudentIds: [kids[3]!.externalId],
        activityTypes: [(await typeByName(db(), school, 'Kindness')).id],
        date: day,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await get('/coaching/me', t.teacher);
    expect(after.body).toMatchObject({ positives: 3, correctives: 1, unrecognized: [] });
  });

  it('a student or a guardian, who give nothing, are refused', async () => {
    expect(await get('/coaching/me', t.student)).toMatchObject(refused);
    expect(await get('/coaching/me', t.guardian)).toMatchObject(refused);
  });
});

describe('reports/equity: fairness by group', () => {
  let fair: SchoolRow;
  let fairAdmin: string;

  beforeAll(async () => {
    fair = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
    fairAdmin = await tokenOf(await makeUser(db(), fair, ['SCHOOL_ADMIN']));
    const many = async (n: number) => {
      const out: UserRow[] = [];
      for (let i = 0; i < n; i++)
        out.push(await makeUser(db(), fair, ['STUDENT'], { gradeLevel: '7' }));
      return out;
    };
    const yes = await many(9);
    const no = await many(20);
    const unknown = await many(12);
    for (const [group, englishLearner] of [
      [yes, true],
      [no, false],
    ] as const)
      for (const s of group) {
        const res = await put(`/students/${s.id}/demographics`, fairAdmin, { englishLearner });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    const bonus = await typeByName(db(), fair, 'Kindness');
    const fairDay = await schoolDay(db(), fair);
    const res = await call(ctx.app, 'POST', '/activity/bulk', {
      token: fairAdmin,
      payload: {
        externalStudentIds: [...yes.slice(0, 3), ...no.slice(0, 10), ...unknown.slice(0, 6)].map(
          (s) => s.externalId,
        ),
        activityTypes: [bonus.id],
        date: fairDay,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a group of 9 students is suppressed: its figures are null', async () => {
    const r = await get('/reports/equity?by=ell&range=this-week', fairAdmin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.groups[0]).toEqual({
      group: 'yes',
      students: null,
      recognizedShare: null,
      bonusesPerStudent: null,
      flagsPerStudent: null,
      bonusRiskRatio: null,
      flagRiskRatio: null,
      suppressed: true,
    });
    expect(r.body.groups[1]).toMatchObject({
      group: 'no',
      students: 20,
      recognizedShare: 0.5,
      suppressed: false,
    });
    // Nothing in the answer counts the 9: no figure lets them be worked out.
    expect(JSON.stringify(r.body)).not.toMatch(/"students":(9|41)\b/);
  });

  it('a teacher, a student and a guardian get 403, and so do the store manager and a reports reader', async () => {
    const reader = await tokenOf(await makeUser(db(), school, ['SCHOOLWIDE_REPORTS']));
    for (const token of [t.teacher, t.student, t.guardian, t.store, reader])
      expect(await get('/reports/equity?by=race', token)).toMatchObject(refused);
  });

  it('a teacher the school names its PBIS coordinator reads it, and their session says so', async () => {
    const coach = await makeUser(db(), fair, ['TEACHER']);
    const other = await makeUser(db(), fair, ['TEACHER']);
    await setSchool(fairAdmin, { pbisCoordinatorIds: [coach.id] });
    const coachToken = await tokenOf(coach);
    const otherToken = await tokenOf(other);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: coachToken })).body).toMatchObject({
      _id: coach.id,
      pbisCoordinator: true,
    });
    expect((await call(ctx.app, 'POST', '/auth/me', { token: otherToken })).body).toMatchObject({
      pbisCoordinator: false,
    });
    expect((await get('/reports/equity?by=ell', coachToken)).status).toBe(200);
    expect(await get('/reports/equity?by=ell', otherToken)).toMatchObject(refused);
  });

  it('a staff member named coordinator opens the reports screen for it; unnamed staff do not', async () => {
    const coach = await makeUser(db(), fair, ['STAFF']);
    const other = await makeUser(db(), fair, ['STAFF']);
    await setSchool(fairAdmin, { pbisCoordinatorIds: [coach.id] });
    const meta = await get('/reports/meta', await tokenOf(coach));
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    expect(meta.body.tabs).toEqual([]);
    expect(await get('/reports/meta', await tokenOf(other))).toMatchObject(refused);
  });
});

describe('reports/economy: admins whole, a store manager the store’s half', () => {
  beforeAll(async () => {
    await db().transaction((tx) =>
      writeOrders(tx, school.id, day, new Date(), [
        {
          studentId: kids[0]!.id,
          store: 'School',
          teacherId: null,
          estimatedDelivery: null,
          cutOffDate: null,
          placedBy: kids[0]!.id,
          items: [{ productId: 'p3', name: 'Pencil', price: 3, quantity: 1, category: 'Items' }],
        },
      ]),
    );
  });

  it('an admin reads issuing, givers and balances', async () => {
    const r = await get('/reports/economy?range=this-month', t.admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.scope).toBe('school');
    const week = r.body.weeks.find((w: { weekStart: string }) => w.weekStart === weekStart(day));
    expect(week.issued).toBeGreaterThan(0);
    expect(week.spent).toBe(3);
    expect(week.outstanding).not.toBeNull();
    expect(r.body.givers).not.toBeNull();
  });

  it('a store manager reads only spending, refunds and the price index', async () => {
    const r = await get('/reports/economy?range=this-month', t.store);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.scope).toBe('store');
    expect(r.body).toMatchObject({ givers: null, medianBalance: null });
    for (const w of r.body.weeks)
      expect(w).toMatchObject({
        issued: null,
        issuedByKind: null,
        yearEnd: null,
        outstanding: null,
      });
    const week = r.body.weeks.find((w: { weekStart: string }) => w.weekStart === weekStart(day));
    expect(week).toMatchObject({ spent: 3, refunded: 0 });
  });

  it('a store manager opens the reports screen for it: the meta lists no other report', async () => {
    const meta = await get('/reports/meta', t.store);
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    expect(meta.body.tabs).toEqual([]);
    expect(meta.body.defaultRange).toMatchObject({ key: 'year-to-date' });
    for (const url of [
      '/reports/my-classes',
      '/reports/school-dashboard',
      '/reports/teacher-usage',
    ])
      expect(await get(url, t.store), url).toMatchObject(refused);
  });

  it('a teacher, a student and a guardian are refused', async () => {
    for (const token of [t.teacher, t.student, t.guardian])
      expect(await get('/reports/economy', token)).toMatchObject(refused);
  });
});

describe('students/{id}/demographics', () => {
  it('an admin sets some fields, then reads them with the rest unknown', async () => {
    const url = `/students/${kids[1]!.id}/demographics`;
    const set = await put(url, t.admin, { sex: 'female', asian: true, englishLearner: false });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const got = await get(url, t.admin);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      studentId: kids[1]!.id,
      sex: 'female',
      asian: true,
      englishLearner: false,
      white: null,
      hispanicOrLatinoEthnicity: null,
      section504: null,
    });
    expect(got.body.updatedAt).toEqual(expect.any(String));
  });

  it('their own teacher gets 403, and so do the student and their guardian; none may set them', async () => {
    const url = `/students/${kids[0]!.id}/demographics`;
    for (const token of [t.teacher, t.student, t.guardian, t.store]) {
      expect(await get(url, token)).toMatchObject(refused);
      expect(await put(url, token, { sex: 'male' })).toMatchObject(refused);
    }
    // Nothing was written by the refused calls.
    expect((await get(url, t.admin)).body).toMatchObject({ sex: null, updatedAt: null });
  });

  it('another school’s admin gets 404', async () => {
    const other = await makeSchool(db());
    const otherAdmin = await tokenOf(await makeUser(db(), other, ['SCHOOL_ADMIN']));
    expect((await get(`/students/${kids[1]!.id}/demographics`, otherAdmin)).status).toBe(404);
  });
});
