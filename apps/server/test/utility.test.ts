import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, unmatchedContactMessages } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
const u: Record<string, UserRow> = {};
let a: SchoolRow;
let b: SchoolRow;

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db, { name: 'Alpha Middle' });
  b = await makeSchool(db, { name: 'Beta Middle' });
  u.teacher = await makeUser(db, a, ['TEACHER'], { lastName: 'Teach' });
  u.colleague = await makeUser(db, a, ['TEACHER'], { firstName: 'Cal', lastName: 'Colleague' });
  u.adminTeacher = await makeUser(db, a, ['SCHOOL_ADMIN', 'TEACHER'], {
    firstName: 'Ada',
    lastName: 'Admin',
  });
  u.idle = await makeUser(db, a, ['TEACHER'], { firstName: 'Ida', lastName: 'Idle' });
  u.admin = await makeUser(db, a, ['SCHOOL_ADMIN'], { lastName: 'Boss' });
  u.store = await makeUser(db, a, ['STORE_MANAGER']);
  u.student = await makeUser(db, a, ['STUDENT']);
  u.teacherB = await makeUser(db, b, ['TEACHER'], { lastName: 'Bravo' });
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  const s2 = await makeUser(db, a, ['STUDENT']);
  await makePeriod(db, a, u.teacher, [u.student, s2], { periodNumber: 3, name: 'Math' });
  await makePeriod(db, a, u.colleague, [s2], {
    periodNumber: 1,
    coTeachers: [u.teacher.externalId],
  });
  await makePeriod(db, a, u.teacher, [], { periodNumber: 4 });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

describe('GET utility/teacher/period-meta', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/utility/teacher/period-meta')).status).toBe(401);
  });

  it.each(['admin', 'student', 'store'])('403 for %s', async (who) => {
    expect(
      (await call(ctx.app, 'GET', '/utility/teacher/period-meta', { token: tok[who] })).status,
    ).toBe(403);
  });

  it("sums the teacher's own and co-taught periods with students", async () => {
    const res = await call(ctx.app, 'GET', `/utility/teacher/period-meta?time=${Date.now()}`, {
      token: tok.teacher,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ periodCount: 2, studentCount: 3 });
    expect(
      res.body.periods.map((p: { label: string; isOwner: boolean }) => [p.label, p.isOwner]),
    ).toEqual([
      ['3rd Period', true],
      ['1st Period', false],
    ]);
  });

  it('a teacher without periods gets zeroes', async () => {
    const res = await call(ctx.app, 'GET', '/utility/teacher/period-meta', { token: tok.idle });
    expect(res).toMatchObject({
      status: 200,
      body: { periodCount: 0, studentCount: 0, periods: [] },
    });
  });
});

describe('GET utility/list/co-teachers', () => {
  it('401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/utility/list/co-teachers')).status).toBe(401);
  });

  it.each(['student', 'store'])('403 for %s', async (who) => {
    expect(
      (await call(ctx.app, 'GET', '/utility/list/co-teachers', { token: tok[who] })).status,
    ).toBe(403);
  });

  it("lists the school's other teachers, never self or another school", async () => {
    const res = await call(ctx.app, 'GET', '/utility/list/co-teachers', { token: tok.teacher });
    expect(res.status).toBe(200);
    const names = res.body.map((t: { lastName: string }) => t.lastName);
    expect(names).toEqual(['Admin', 'Colleague', 'Idle']);
    expect(res.body[0]).toEqual({
      _id: u.adminTeacher!.id,
      externalId: u.adminTeacher!.externalId,
      firstName: 'Ada',
      lastName: 'Admin',
      gradeLevel: null,
      house: null,
    });
  });

  it('an admin gets every teacher of the school', async () => {
    const res = await call(ctx.app, 'GET', '/utility/list/co-teachers', { token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { _id: string }) => t._id).sort()).toEqual(
      [u.teacher, u.colleague, u.adminTeacher, u.idle].map((t) => t!.id).sort(),
    );
  });

  it('another school sees only its own teachers', async () => {
    const res = await call(ctx.app, 'GET', '/utility/list/co-teachers', { token: tok.adminB });
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual([u.teacherB!.id]);
  });
});

describe('POST utility/contact and GET utility/contact', () => {
  const message = (over: Record<string, unknown> = {}) => ({
    userName: 'Pat Parent',
    userSchool: 'Alpha Middle',
    userEmail: 'pat@example.com',
    userRole: 'Parent',
    userMessage: 'Hello from a visitor',
    ...over,
  });
  const post = (payload: object, token?: string) =>
    call(ctx.app, 'POST', '/utility/contact', { payload, token });
  const list = (token?: string) => call(ctx.app, 'GET', '/utility/contact', { token });

  it.each([
    ['a bad email', { userEmail: 'not-an-email' }, /userEmail/],
    ['a missing message', { userMessage: undefined }, /userMessage/],
    ['an empty message', { userMessage: '   ' }, /userMessage/],
    ['a missing name', { userName: undefined }, /userName/],
    ['a message too long', { userMessage: 'x'.repeat(2001) }, /userMessage/],
    [
      'a NUL character',
      { userMessage: 'a\u0000b' },
      /^userMessage: must not contain a NUL character$/,
    ],
    [
      'a NUL in the school',
      { userSchool: 'a\u0000b' },
      /^userSchool: must not contain a NUL character$/,
    ],
  ])('400 names the field for %s', async (_name, over, field) => {
    const res = await post(message(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(field);
  });

  it('is public: a visitor message is stored for the school it names (code or name)', async () => {
    const res = await post(message());
    expect(res).toMatchObject({
      status: 200,
      body: { _id: expect.any(String), message: expect.any(String) },
    });
    const byCode = await post(
      message({ userSchool: a.externalId.toLowerCase(), userMessage: 'By school code' }),
    );
    expect(byCode.status).toBe(200);
    const inbox = await list(tok.admin);
    expect(inbox.status).toBe(200);
    expect(inbox.body.map((m: { userMessage: string }) => m.userMessage).sort()).toEqual([
      'By school code',
      'Hello from a visitor',
    ]);
    expect(inbox.body.find((m: { _id: string }) => m._id === res.body._id)).toMatchObject({
      userName: 'Pat Parent',
      userEmail: 'pat@example.com',
      userRole: 'Parent',
    });
  });

  it("a signed-in sender's message goes to their own school, whatever school they type", async () => {
    const res = await post(
      message({ userSchool: 'Beta Middle', userMessage: 'From a teacher of A' }),
      tok.teacher,
    );
    expect(res.status).toBe(200);
    const inboxA = await list(tok.admin);
    expect(inboxA.body.map((m: { userMessage: string }) => m.userMessage)).toContain(
      'From a teacher of A',
    );
    const inboxB = await list(tok.adminB);
    expect(inboxB.body.map((m: { userMessage: string }) => m.userMessage)).not.toContain(
      'From a teacher of A',
    );
  });

  it('a message for an unknown school reaches no school admin: kept apart, of no school', async () => {
    const res = await post(message({ userSchool: 'Nowhere High', userMessage: 'Lost' }));
    expect(res.status).toBe(200);
    for (const who of ['admin', 'adminB']) {
      const inbox = await list(tok[who]);
      expect(inbox.body.map((m: { userMessage: string }) => m.userMessage)).not.toContain('Lost');
    }
    // docs/decisions/127-contact-messages-keyed-by-school.md: every school's message has its school.
    const db = ctx.database.db;
    const [kept] = await db
      .select()
      .from(unmatchedContactMessages)
      .where(eq(unmatchedContactMessages.id, res.body._id));
    expect(kept).toMatchObject({ userSchool: 'Nowhere High', userMessage: 'Lost' });
    expect(await db.select().from(contactMessages).where(isNull(contactMessages.schoolId))).toEqual(
      [],
    );
  });

  it('GET: 401 without a token, 403 for a teacher and a student', async () => {
    expect((await list()).status).toBe(401);
    expect((await list(tok.teacher)).status).toBe(403);
    expect((await list(tok.student)).status).toBe(403);
  });

  it("GET never shows another school's messages", async () => {
    await post(message({ userSchool: 'Beta Middle', userMessage: 'For Beta' }));
    const inboxB = await list(tok.adminB);
    expect(inboxB.body.map((m: { userMessage: string }) => m.userMessage)).toEqual(['For Beta']);
    const inboxA = await list(tok.admin);
    expect(inboxA.body.map((m: { userMessage: string }) => m.userMessage)).not.toContain(
      'For Beta',
    );
    expect(JSON.stringify(inboxA.body)).not.toMatch(/schoolId|userId/);
  });
});
