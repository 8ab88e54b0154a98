import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE, addDays } from '@app/domain';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

/** GET activity/ by pages: a keyset cursor (`before` = the last `_id` shown), 50 by default. */
const ctx = useTestApp();
let school: SchoolRow;
let students: UserRow[];
let tokens: Record<'teacher' | 'admin' | 'student' | 'otherAdmin', string>;
let otherSchoolActivity: string;

type Item = { _id: string; date: string; createdAt: string; studentId: string };

/** Every page of `query` at `limit` a page, following the cursor until an empty or short page. */
async function allPages(token: string, query: string, limit: number): Promise<Item[][]> {
  const pages: Item[][] = [];
  let before: string | undefined;
  for (;;) {
    const cursor = before ? `&before=${before}` : '';
    const res = await call(ctx.app, 'GET', `/activity/?limit=${limit}${query}${cursor}`, { token });
    expect(res.status).toBe(200);
    const page = res.body as Item[];
    pages.push(page);
    if (page.length < limit) return pages;
    before = page.at(-1)!._id;
    expect(pages.length).toBeLessThan(100);
  }
}

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  students = [];
  for (let i = 0; i < 27; i++)
    students.push(await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' }));
  await makePeriod(db, school, teacher, students);
  const day = await schoolDay(db, school);
  const give = async (date: string, types: string[]) => {
    const res = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tokens.teacher,
      payload: {
        externalStudentIds: students.map((s) => s.externalId),
        activityTypes: types,
        date,
        comment: '',
      },
    });
    expect(res.status).toBe(200);
  };
  const other = await makeSchool(db);
  const otherAdmin = await makeUser(db, other, ['SCHOOL_ADMIN']);
  const otherStudent = await makeUser(db, other, ['STUDENT'], { gradeLevel: '6' });
  tokens = {
    teacher: await signIn(ctx.app, teacher),
    admin: await signIn(ctx.app, admin),
    student: await signIn(ctx.app, students[0]!),
    otherAdmin: await signIn(ctx.app, otherAdmin),
  };
  const helping = (await typeByName(db, school, 'Helping others')).id;
  const leadership = (await typeByName(db, school, 'Leadership')).id;
  // One give writes its rows in one statement: 54 activities sharing one date and one created_at.
  await give(day, [helping, leadership]);
  // And 27 more of the day before, so a page boundary also falls between dates.
  await give(addDays(day, -1), [helping]);
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tokens.otherAdmin,
    payload: {
      externalStudentIds: [otherStudent.externalId],
      activityTypes: [(await typeByName(db, other, 'Helping others')).id],
      date: await schoolDay(db, other),
      comment: '',
    },
  });
  expect(res.status).toBe(200);
  const theirs = await call(ctx.app, 'GET', '/activity/?limit=1', { token: tokens.otherAdmin });
  otherSchoolActivity = theirs.body[0]._id;
});

describe('GET activity/ pages', () => {
  it(`answers ${ACTIVITY_PAGE} activities unless limit says otherwise`, async () => {
    const res = await call(ctx.app, 'GET', '/activity/', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(ACTIVITY_PAGE);
  });

  it('pages through rows sharing a timestamp without skipping or repeating one', async () => {
    const whole = (await call(ctx.app, 'GET', '/activity/?limit=1000', { token: tokens.admin }))
      .body as Item[];
    expect(whole).toHaveLength(81);
    // 54 rows share the newest date and created_at: only the id tells them apart.
    expect(new Set(whole.slice(0, 54).map((a) => a.createdAt)).size).toBe(1);
    for (const limit of [1, 7, 27, 50]) {
      const pages = await allPages(tokens.admin, '', limit);
      const ids = pages.flat().map((a) => a._id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(whole.map((a) => a._id));
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    }
  });

  it("keeps the filters and the caller's scope on every page", async () => {
    const student = students[3]!;
    const pages = await allPages(tokens.teacher, `&studentId=${student.id}`, 2);
    expect(pages.flat()).toHaveLength(3);
    expect(pages.flat().every((a) => a.studentId === student.id)).toBe(true);
    const own = (await allPages(tokens.student, '&category=Bonuses', 2)).flat();
    expect(own).toHaveLength(3);
    expect(own.every((a) => a.studentId === students[0]!.id)).toBe(true);
  });

  it('a bad cursor is a 400 with a message', async () => {
    const bad = await call(ctx.app, 'GET', '/activity/?before=yesterday', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/before/);
    const unknown = await call(
      ctx.app,
      'GET',
      '/activity/?before=00000000-0000-4000-8000-000000000000',
      { token: tokens.admin },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/before/);
    // Another school's activity names nothing here either.
    const theirs = await call(ctx.app, 'GET', `/activity/?before=${otherSchoolActivity}`, {
      token: tokens.admin,
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toMatch(/before/);
  });

  it('the page after the last activity is empty, not an error', async () => {
    const whole = (await call(ctx.app, 'GET', '/activity/?limit=1000', { token: tokens.admin }))
      .body as Item[];
    const after = await call(ctx.app, 'GET', `/activity/?before=${whole.at(-1)!._id}`, {
      token: tokens.admin,
    });
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
  });
});
