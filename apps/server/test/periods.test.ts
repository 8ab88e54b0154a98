import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn, type UserRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
const pid: Record<string, string> = {};

beforeAll(async () => {
  const db = ctx.database.db;
  const a = await makeSchool(db);
  const b = await makeSchool(db);
  u.owner = await makeUser(db, a, ['TEACHER'], { firstName: 'Olga', lastName: 'Owner' });
  u.co = await makeUser(db, a, ['TEACHER'], { firstName: 'Cora', lastName: 'Cotaught' });
  u.outsider = await makeUser(db, a, ['TEACHER']);
  u.admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
  u.superAdmin = await makeUser(db, a, ['SUPER_ADMIN', 'TEACHER']);
  u.student = await makeUser(db, a, ['STUDENT']);
  const s1 = await makeUser(db, a, ['STUDENT'], { firstName: 'Zed', lastName: 'Adams' });
  const s2 = await makeUser(db, a, ['STUDENT'], { firstName: 'Amy', lastName: 'Baker' });
  u.teacherB = await makeUser(db, b, ['TEACHER']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  const sB = await makeUser(db, b, ['STUDENT']);

  pid.own2 = (
    await makePeriod(db, a, u.owner, [s2, s1], { periodNumber: 2, sectionNumbers: ['201'] })
  ).id;
  pid.own1 = (
    await makePeriod(db, a, u.owner, [u.student], { periodNumber: 1, sectionNumbers: ['101'] })
  ).id;
  pid.ownEmpty = (await makePeriod(db, a, u.owner, [], { periodNumber: 0 })).id;
  pid.coTaught = (
    await makePeriod(db, a, u.co, [s1], {
      periodNumber: 0,
      sectionNumbers: ['001'],
      coTeachers: [u.owner.externalId],
    })
  ).id;
  pid.b = (await makePeriod(db, b, u.teacherB, [sB], { periodNumber: 1 })).id;

  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

const ids = (body: { _id: string }[]) => body.map((p) => p._id);

describe('GET periods', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/periods')).status).toBe(401);
  });

  it('400 names a bad scope', async () => {
    const res = await call(ctx.app, 'GET', '/periods?scope=everything', { token: tok.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Scope/);
  });

  it('403 for a student', async () => {
    expect((await call(ctx.app, 'GET', '/periods', { token: tok.student })).status).toBe(403);
  });

  it('403 for a teacher asking for the whole school', async () => {
    expect((await call(ctx.app, 'GET', '/periods?scope=school', { token: tok.owner })).status).toBe(
      403,
    );
  });

  it('a teacher sees own periods with students first, by number, then co-taught ones', async () => {
    const res = await call(ctx.app, 'GET', `/periods?time=${Date.now()}`, { token: tok.owner });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([pid.own1, pid.own2, pid.coTaught]);
    expect(res.body.map((p: { isOwner: boolean }) => p.isOwner)).toEqual([true, true, false]);
    expect(res.body[0]).toMatchObject({
      label: '1st Period',
      studentCount: 1,
      externalTeacherId: u.owner!.externalId,
    });
    expect(res.body[2]).toMatchObject({
      label: 'Homeroom',
      coTeachers: [u.owner!.externalId],
      coTeacherDisplayName: 'O. Owner',
    });
  });

  it('a teacher with no periods gets an empty list', async () => {
    const res = await call(ctx.app, 'GET', '/periods', { token: tok.outsider });
    expect(res).toMatchObject({ status: 200, body: [] });
  });

  it("an admin sees the school's periods with students, by period number", async () => {
    const res = await call(ctx.app, 'GET', '/periods', { token: tok.admin });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([pid.coTaught, pid.own1, pid.own2]);
  });

  it("never shows another school's periods", async () => {
    const teacher = await call(ctx.app, 'GET', '/periods', { token: tok.teacherB });
    expect(ids(teacher.body)).toEqual([pid.b]);
    const admin = await call(ctx.app, 'GET', '/periods', { token: tok.adminB });
    expect(ids(admin.body)).toEqual([pid.b]);
  });
});

describe('GET periods/{id}', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', `/periods/${pid.own1}`)).status).toBe(401);
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a non-uuid id', () => 'not-a-uuid'],
    ["another school's period", () => pid.b!],
  ])('404 for %s', async (_name, id) => {
    for (const who of ['owner', 'admin']) {
      const res = await call(ctx.app, 'GET', `/periods/${id()}`, { token: tok[who] });
      expect(res).toMatchObject({ status: 404, body: { message: 'Period not found' } });
    }
  });

  it('403 for a teacher who does not teach it and for a student', async () => {
    expect(
      (await call(ctx.app, 'GET', `/periods/${pid.own1}`, { token: tok.outsider })).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'GET', `/periods/${pid.own1}`, { token: tok.student })).status,
    ).toBe(403);
  });

  it('the owner gets the roster sorted by last name', async () => {
    const res = await call(ctx.app, 'GET', `/periods/${pid.own2}`, { token: tok.owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: pid.own2,
      periodNumber: 2,
      isOwner: true,
      coTeacherList: [],
    });
    expect(res.body.students.map((s: { lastName: string }) => s.lastName)).toEqual([
      'Adams',
      'Baker',
    ]);
    expect(res.body.students[0]).toEqual({
      _id: expect.any(String),
      externalId: expect.any(String),
      externalStudentId: expect.any(String),
      firstName: 'Zed',
      lastName: 'Adams',
      gradeLevel: null,
      house: null,
    });
  });

  it('a co-teacher gets the period with its coTeacherList; an admin gets any period', async () => {
    const co = await call(ctx.app, 'GET', `/periods/${pid.coTaught}`, { token: tok.owner });
    expect(co.status).toBe(200);
    expect(co.body).toMatchObject({
      isOwner: false,
      coTeacherList: [{ _id: u.owner!.id, lastName: 'Owner' }],
    });
    expect((await call(ctx.app, 'GET', `/periods/${pid.own2}`, { token: tok.admin })).status).toBe(
      200,
    );
  });
});

describe('PUT periods/{id}/co-teachers', () => {
  const put = (id: string, payload: unknown, token?: string) =>
    call(ctx.app, 'PUT', `/periods/${id}/co-teachers`, { token, payload: payload as object });

  it('401 without a token', async () => {
    expect((await put(pid.own1!, { coTeachers: [] })).status).toBe(401);
  });

  it.each([
    ['a string', { coTeachers: 'T-1' }],
    ['a missing list', {}],
    ['an object', { coTeachers: { a: 1 } }],
    ['more than 20 ids', { coTeachers: Array.from({ length: 21 }, (_, i) => `T-${i}`) }],
  ])('400 for %s', async (_name, body) => {
    const res = await put(pid.own1!, body, tok.owner);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'coTeachers must be a list of teacher ids' },
    });
  });

  it.each([
    ['an empty id', [''], 'coTeachers must not hold an empty id'],
    ['a NUL character', ['T\u0000'], 'coTeachers.0: must not contain a NUL character'],
  ])('400 for %s', async (_name, coTeachers, message) => {
    expect(await put(pid.own1!, { coTeachers }, tok.owner)).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it('400 for an id that is not a teacher of this school', async () => {
    const student = await put(pid.own1!, { coTeachers: [u.student!.externalId] }, tok.owner);
    expect(student.status).toBe(400);
    expect(student.body.message).toMatch(
      new RegExp(`^coTeachers: ${u.student!.externalId} is not a teacher`),
    );
    const otherSchool = await put(pid.own1!, { coTeachers: [u.teacherB!.externalId] }, tok.owner);
    expect(otherSchool.status).toBe(400);
    expect(otherSchool.body.message).toMatch(/coTeachers/);
  });

  it("400 for the owner's own id", async () => {
    const res = await put(pid.own1!, { coTeachers: [u.owner!.externalId] }, tok.owner);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'coTeachers cannot include the class teacher' },
    });
  });

  it('403 for a co-teacher, another teacher and a student; 404 for another school', async () => {
    expect((await put(pid.coTaught!, { coTeachers: [] }, tok.owner)).status).toBe(403);
    expect(
      (await put(pid.own1!, { coTeachers: [u.outsider!.externalId] }, tok.outsider)).status,
    ).toBe(403);
    expect((await put(pid.own1!, { coTeachers: [] }, tok.student)).status).toBe(403);
    expect((await put(pid.b!, { coTeachers: [] }, tok.admin)).status).toBe(404);
  });

  it('the owner names a co-teacher, who then sees the period', async () => {
    const res = await put(
      pid.own1!,
      { coTeachers: [u.co!.externalId, u.co!.externalId] },
      tok.owner,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: pid.own1,
      coTeachers: [u.co!.externalId],
      coTeacherDisplayName: 'C. Cotaught',
    });
    const list = await call(ctx.app, 'GET', '/periods', { token: tok.co });
    expect(ids(list.body)).toEqual([pid.coTaught, pid.own1]);
    expect((await call(ctx.app, 'GET', `/periods/${pid.own1}`, { token: tok.co })).status).toBe(
      200,
    );
  });

  it('an admin changes them too', async () => {
    const res = await put(pid.own1!, { coTeachers: [u.outsider!.externalId] }, tok.admin);
    expect(res).toMatchObject({ status: 200, body: { coTeachers: [u.outsider!.externalId] } });
    const co = await call(ctx.app, 'GET', '/periods', { token: tok.co });
    expect(ids(co.body)).toEqual([pid.coTaught]);
    const outsider = await call(ctx.app, 'GET', '/periods', { token: tok.outsider });
    expect(ids(outsider.body)).toEqual([pid.own1]);
  });

  it('a super admin who also teaches may change them', async () => {
    const res = await put(
      pid.coTaught!,
      { coTeachers: [u.owner!.externalId, u.outsider!.externalId] },
      tok.superAdmin,
    );
    expect(res).toMatchObject({
      status: 200,
      body: { coTeachers: [u.owner!.externalId, u.outsider!.externalId] },
    });
  });
});
