import { addDays, MSG } from '@app/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  credentials,
  schoolTokens,
  sessions,
  userErasures,
  users,
} from '../src/db/schema.js';
import { writeOrders } from '../src/ledger/orders.js';
import { issueSchoolToken } from '../src/modules/identity/school-tokens.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import {
  makeHouses,
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { makeProduct } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/** POST settings/users/{id}/erase: the student is gone, their points stay, every report adds up. */
const ctx = useTestApp();
const tok = {} as Record<'teacher' | 'admin' | 'kid' | 'adminB', string>;
let school: SchoolRow;
let teacher: UserRow;
let kid: UserRow;
let classmate: UserRow;
let periodId: string;
let day: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  await makeHouses(db, school);
  teacher = await makeUser(db, school, ['TEACHER'], { firstName: 'Tess', lastName: 'Alpha' });
  kid = await makeUser(db, school, ['STUDENT'], {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria@example.org',
    gradeLevel: '7',
    house: 'amistad',
  });
  classmate = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7', house: 'altruismo' });
  periodId = (await makePeriod(db, school, teacher, [kid, classmate])).id;
  tok.teacher = await signIn(ctx.app, teacher);
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.kid = await signIn(ctx.app, kid);
  tok.adminB = await signIn(ctx.app, await makeUser(db, await makeSchool(db), ['SCHOOL_ADMIN']));
  day = await schoolDay(db, school);
  const bonus = await typeByName(db, school, 'Kindness');
  const flag = await typeByName(db, school, 'Late to class');
  for (const payload of [
    {
      externalStudentIds: [kid.externalId, classmate.externalId],
      internalPeriodId: periodId,
      activityTypes: [bonus.id],
      date: day,
      comment: 'Maria helped Sam',
    },
    {
      externalStudentIds: [kid.externalId],
      internalPeriodId: periodId,
      activityTypes: [bonus.id, flag.id],
      date: day,
    },
  ]) {
    const res = await call(ctx.app, 'POST', '/activity/bulk', { token: tok.teacher, payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const product = await makeProduct(db, school, { name: 'Pencil', price: 2, stock: null });
  await db.transaction((tx) =>
    writeOrders(tx, school.id, day, new Date(), [
      {
        studentId: kid.id,
        store: 'School',
        teacherId: null,
        estimatedDelivery: null,
        cutOffDate: null,
        placedBy: kid.id,
        items: [
          { productId: product.id, name: 'Pencil', price: 2, quantity: 1, category: 'Items' },
        ],
      },
    ]),
  );
  await issueSchoolToken(db, school.id, null, { userId: kid.id, label: 'kiosk' });
});

/** A report with what names a person left out and its lists in a fixed order: its figures and ids. */
function figures(v: unknown): unknown {
  if (Array.isArray(v))
    return v.map(figures).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !/name|externalId|comment|email/i.test(k))
        .map(([k, x]) => [k, figures(x)]),
    );
  return v;
}

const range = () => `startDate=${addDays(day, -30)}&endDate=${day}`;
const reportUrls = () => [
  `/reports/school-students?${range()}`,
  `/reports/school-dashboard?${range()}`,
  `/reports/teacher-usage?${range()}`,
  `/reports/teacher-usage/${teacher.id}?${range()}`,
  `/reports/class?periodId=${periodId}&${range()}`,
  `/reports/student/${kid.id}?${range()}`,
  `/utility/student/balance/stats?studentId=${kid.id}`,
];

async function reports() {
  const out: Record<string, unknown> = {};
  for (const url of reportUrls()) {
    const res = await call(ctx.app, 'GET', url, { token: tok.admin });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    out[url] = figures(res.body);
  }
  return out;
}

const erase = (token: string, id: string, confirm: string) =>
  call(ctx.app, 'POST', `/settings/users/${id}/erase`, { token, payload: { confirm } });

describe('POST settings/users/{id}/erase', () => {
  it("refuses another school's admin (404), a teacher (403), a staff member (403) and a wrong name (400), changing nothing", async () => {
    expect((await erase(tok.adminB, kid.id, 'Maria Lopez')).status).toBe(404);
    expect((await erase(tok.teacher, kid.id, 'Maria Lopez')).status).toBe(403);
    expect(await erase(tok.admin, teacher.id, 'Tess Alpha')).toMatchObject({
      status: 403,
      body: { message: MSG.eraseStudentsOnly },
    });
    const wrong = await erase(tok.admin, kid.id, 'Maria');
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/confirm/) },
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, kid.id));
    expect(row).toMatchObject({ firstName: 'Maria', lastName: 'Lopez' });
    expect((await call(ctx.app, 'POST', '/auth/me', { token: tok.kid })).status).toBe(200);
  });

  it('erases name, ids, e-mail, comments and sign-ins; totals, reports and the books stay as they were', async () => {
    const db = ctx.database.db;
    const before = await reports();
    expect(await ledgerDrift(db, school.id)).toEqual([]);

    const res = await erase(tok.admin, kid.id, '  maria   LOPEZ ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userId).toBe(kid.id);

    const [row] = await db.select().from(users).where(eq(users.id, kid.id));
    expect(row).toMatchObject({ firstName: 'Erased', lastName: 'student', email: null });
    expect(row!.externalId).not.toBe(kid.externalId);
    expect(row!.gradeLevel).toBe('7');
    const mine = <T extends { schoolId: AnyPgColumn; userId: AnyPgColumn }>(t: T) =>
      and(eq(t.schoolId, school.id), eq(t.userId, kid.id));
    expect(await db.select().from(credentials).where(mine(credentials))).toEqual([]);
    expect(await db.select().from(sessions).where(mine(sessions))).toEqual([]);
    expect(await db.select().from(schoolTokens).where(mine(schoolTokens))).toEqual([]);
    const acts = await db.select().from(activities).where(eq(activities.studentId, kid.id));
    expect(acts.length).toBe(3);
    expect(acts.every((a) => a.comment === '')).toBe(true);
    // The classmate's row of the same give keeps its comment.
    const [theirs] = await db
      .select()
      .from(activities)
      .where(eq(activities.studentId, classmate.id));
    expect(theirs!.comment).toBe('Maria helped Sam');

    // The audit trail: who erased whom.
    const [audit] = await db.select().from(userErasures).where(eq(userErasures.userId, kid.id));
    expect(audit).toBeDefined();

    expect(await ledgerDrift(db, school.id)).toEqual([]);
    expect(await reports()).toEqual(before);
    const after = await call(ctx.app, 'GET', `/reports/student/${kid.id}?${range()}`, {
      token: tok.admin,
    });
    expect(JSON.stringify(after.body)).not.toMatch(/Maria|Lopez/);
  });

  it('the erased student can no longer sign in: the session is gone, the password is refused', async () => {
    expect((await call(ctx.app, 'POST', '/auth/me', { token: tok.kid })).status).toBe(401);
    const res = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: kid.username, password: PASSWORD },
    });
    expect(res.status).toBe(401);
  });

  it('a second erasure is 409', async () => {
    expect((await erase(tok.admin, kid.id, 'Erased student')).status).toBe(409);
  });
});
