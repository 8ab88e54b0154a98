import { beforeAll, describe, expect, it } from 'vitest';
import { owns, teaches } from '../src/access/periods.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { makeProduct } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Who teaches a period is one rule (apps/server/src/access/periods.ts): its teacher (teacher_id)
 * or a co-teacher (co_teachers, by external id). The class page, the period list, the period
 * count behind a teacher's rights, My classes and the teacher stores a student shops in all read it.
 */
const ctx = useTestApp();
let school: SchoolRow;
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let periodId: string;

describe('teaches and owns', () => {
  const p = { teacherId: 'T', coTeachers: ['C-EXT'] };
  it.each([
    ['its teacher', { id: 'T', externalId: 'T-EXT' }, true, true],
    ['a co-teacher', { id: 'C', externalId: 'C-EXT' }, true, false],
    ['anyone else', { id: 'O', externalId: 'O-EXT' }, false, false],
    [
      'someone whose user id is a co-teacher’s external id',
      { id: 'C-EXT', externalId: 'X' },
      false,
      false,
    ],
  ])('%s', (_who, user, teaching, owning) => {
    expect(teaches(p, user)).toBe(teaching);
    expect(owns(p, user)).toBe(owning);
  });
});

describe('every reader of a period’s teachers agrees', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    school = await makeSchool(db);
    u.teacher = await makeUser(db, school, ['TEACHER']);
    u.co = await makeUser(db, school, ['TEACHER']);
    u.other = await makeUser(db, school, ['TEACHER']);
    u.student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
    u.staffTeacher = await makeUser(db, school, ['STAFF', 'TEACHER']);
    // The period's external teacher id is stale (the roster renamed the teacher's external id
    // since): the period is still the teacher's by teacher_id.
    periodId = (
      await makePeriod(db, school, u.teacher, [u.student], {
        externalTeacherId: 'STALE',
        coTeachers: [u.co.externalId],
      })
    ).id;
    await makePeriod(db, school, u.other, [u.student], { periodNumber: 2 });
    await makeProduct(db, school, { name: 'Teacher pass', teacherId: u.teacher.id });
    await makeProduct(db, school, { name: 'Co pass', teacherId: u.co.id });
    await makeProduct(db, school, { name: 'Other pass', teacherId: u.other.id });
    await makeProduct(db, school, { name: 'Stranger pass', teacherId: u.staffTeacher.id });
    for (const [k, x] of Object.entries(u)) tok[k] = await signIn(ctx.app, x);
  });

  const mine = async (who: string) =>
    (await call(ctx.app, 'GET', '/periods', { token: tok[who] })).body as {
      _id: string;
      isOwner: boolean;
    }[];

  it('its teacher: listed as theirs and owned, the class page, the period count, My classes', async () => {
    expect((await mine('teacher')).map((p) => [p._id, p.isOwner])).toEqual([[periodId, true]]);
    const page = await call(ctx.app, 'GET', `/periods/${periodId}`, { token: tok.teacher });
    expect(page.status).toBe(200);
    expect(page.body.isOwner).toBe(true);
    expect(
      (await call(ctx.app, 'GET', '/utility/teacher/period-meta', { token: tok.teacher })).body
        .periodCount,
    ).toBe(1);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: tok.teacher })).body.periodCount).toBe(
      1,
    );
    const classes = await call(ctx.app, 'GET', '/reports/my-classes', { token: tok.teacher });
    expect(classes.body.rows.map((r: { studentId: string }) => r.studentId)).toEqual([
      u.student!.id,
    ]);
    expect(
      (
        await call(ctx.app, 'PUT', `/periods/${periodId}/co-teachers`, {
          token: tok.teacher,
          payload: { coTeachers: [u.co!.externalId] },
        })
      ).status,
    ).toBe(200);
  });

  it('a co-teacher: listed, not owned; may not name the co-teachers', async () => {
    expect((await mine('co')).map((p) => [p._id, p.isOwner])).toEqual([[periodId, false]]);
    expect((await call(ctx.app, 'GET', `/periods/${periodId}`, { token: tok.co })).status).toBe(
      200,
    );
    expect((await call(ctx.app, 'POST', '/auth/me', { token: tok.co })).body.periodCount).toBe(1);
    expect(
      (
        await call(ctx.app, 'PUT', `/periods/${periodId}/co-teachers`, {
          token: tok.co,
          payload: { coTeachers: [] },
        })
      ).status,
    ).toBe(403);
  });

  it('another teacher: not listed, the class page refused', async () => {
    expect((await mine('other')).map((p) => p._id)).not.toContain(periodId);
    expect((await call(ctx.app, 'GET', `/periods/${periodId}`, { token: tok.other })).status).toBe(
      403,
    );
  });

  it('a student shops in the stores of their teachers and co-teachers', async () => {
    const res = await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.student });
    expect(res.body.map((p: { name: string }) => p.name).sort()).toEqual([
      'Co pass',
      'Other pass',
      'Teacher pass',
    ]);
  });

  it('a user whose periods:list reaches the school and who teaches no class is listed the school’s periods', async () => {
    expect((await mine('staffTeacher')).map((p) => p._id)).toContain(periodId);
  });
});
