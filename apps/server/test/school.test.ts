import { beforeAll, describe, expect, it } from 'vitest';
import { makeHouses, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};

beforeAll(async () => {
  const db = ctx.database.db;
  const a = await makeSchool(db);
  const b = await makeSchool(db, { schoolType: 'Elementary' });
  await makeHouses(db, a, ['reveur', 'altruismo', 'amistad']);
  await makeHouses(db, b, ['isibindi']);
  const grades = ['8', '6', 'Kindergarten', '6', '10', '7'];
  const houses = ['altruismo', 'altruismo', 'reveur', null, null, null];
  for (const [i, gradeLevel] of grades.entries())
    await makeUser(db, a, ['STUDENT'], { gradeLevel, house: houses[i] ?? null });
  // Not a student: neither a grade level of the school nor counted in a house.
  await makeUser(db, a, ['TEACHER'], { gradeLevel: '12', house: 'reveur' });
  await makeUser(db, b, ['STUDENT'], { gradeLevel: '3', house: 'isibindi' });
  await makeUser(db, b, ['STUDENT'], { gradeLevel: '04', house: 'isibindi' });
  tok.studentA = await signIn(
    ctx.app,
    await makeUser(db, a, ['STUDENT'], { gradeLevel: '7', house: 'amistad' }),
  );
  tok.teacherA = await signIn(ctx.app, await makeUser(db, a, ['TEACHER']));
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
});

describe('GET school/grade-levels', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/school/grade-levels')).status).toBe(401);
  });

  it("the school's student grades, sorted, with labels", async () => {
    for (const token of [tok.teacherA, tok.studentA]) {
      const res = await call(ctx.app, 'GET', `/school/grade-levels?time=${Date.now()}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { value: 'Kindergarten', label: 'Kindergarten' },
        { value: '6', label: '6th Grade' },
        { value: '7', label: '7th Grade' },
        { value: '8', label: '8th Grade' },
        { value: '10', label: '10th Grade' },
      ]);
    }
  });

  it('another school sees only its own grades', async () => {
    const res = await call(ctx.app, 'GET', '/school/grade-levels', { token: tok.adminB });
    expect(res.body.map((g: { value: string }) => g.value)).toEqual(['3', '04']);
  });
});

describe('GET school/houses', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/school/houses')).status).toBe(401);
  });

  it("the school's houses by name with their colour and student count", async () => {
    const res = await call(ctx.app, 'GET', '/school/houses', { token: tok.studentA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'altruismo', color: '#123456', studentCount: 2 },
      { name: 'amistad', color: '#123456', studentCount: 1 },
      { name: 'reveur', color: '#123456', studentCount: 1 },
    ]);
  });

  it('another school sees only its own houses', async () => {
    const res = await call(ctx.app, 'GET', '/school/houses', { token: tok.adminB });
    expect(res.body).toEqual([{ name: 'isibindi', color: '#123456', studentCount: 2 }]);
  });
});

describe('GET school/students', () => {
  it('401 without a token, 403 for students and teachers who may not give to all, only the own school for admins', async () => {
    const db = ctx.database.db;
    const s1 = await makeSchool(db, { canTeacherGiveAll: false });
    const s2 = await makeSchool(db);
    const kid = await makeUser(db, s1, ['STUDENT'], { lastName: 'Aardvark' });
    await makeUser(db, s2, ['STUDENT']);
    expect((await call(ctx.app, 'GET', '/school/students')).status).toBe(401);
    expect(
      (await call(ctx.app, 'GET', '/school/students', { token: await signIn(ctx.app, kid) }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(ctx.app, 'GET', '/school/students', {
          token: await signIn(ctx.app, await makeUser(db, s1, ['TEACHER'])),
        })
      ).status,
    ).toBe(403);
    const res = await call(ctx.app, 'GET', '/school/students', {
      token: await signIn(ctx.app, await makeUser(db, s1, ['SCHOOL_ADMIN'])),
    });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { _id: string }) => s._id)).toEqual([kid.id]);
    expect(res.body[0]).toMatchObject({ externalStudentId: kid.externalId, lastName: 'Aardvark' });
  });
});
