import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clockNow, setClock } from '@app/domain';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { fund, makeProduct } from './helpers/store.js';
import { surveyAnswers } from '../src/db/schema.js';
import { call, useTestApp } from './helpers/test-app.js';
import { TEST_NOW } from './helpers/test-clock.js';

/** Accounts made a month before the test's day: past their first week, so surveys may be asked. */
const DAY = 86_400_000;
const LONG_AGO = { createdAt: new Date(Date.parse(TEST_NOW) - 30 * DAY) };

const ctx = useTestApp();
let tokens: Record<
  | 'student'
  | 'student2'
  | 'teacher'
  | 'admin'
  | 'storeManager'
  | 'otherAdmin'
  | 'otherStudent'
  | 'newStudent'
  | 'newTeacher',
  string
>;
let school: SchoolRow;
const people: Record<'student' | 'student2' | 'teacher' | 'newStudent' | 'newTeacher', UserRow> =
  {} as never;

/** A teacher's give through the API: a bonus to their period's students. */
async function give(token: string, students: UserRow[], at: SchoolRow = school) {
  const type = await typeByName(ctx.database.db, at, 'Helping others');
  const res = await call(ctx.app, 'POST', '/activity/bulk', {
    token,
    payload: {
      externalStudentIds: students.map((k) => k.externalId),
      activityTypes: [type.id],
      date: await schoolDay(ctx.database.db, at),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A student's purchase through the API. */
async function buy(token: string, at: SchoolRow = school) {
  const product = await makeProduct(ctx.database.db, at, { price: 1 });
  const res = await call(ctx.app, 'POST', '/api/v2/order', {
    token,
    payload: { orderItems: [{ productId: product.id, quantity: 1 }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const pending = async (token: string) =>
  (await call(ctx.app, 'GET', '/surveys/pending', { token })).body.survey?.name ?? null;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const other = await makeSchool(db);
  for (const k of ['student', 'student2', 'newStudent'] as const)
    people[k] = await makeUser(db, school, ['STUDENT'], LONG_AGO);
  for (const k of ['teacher', 'newTeacher'] as const)
    people[k] = await makeUser(db, school, ['TEACHER'], LONG_AGO);
  const kids = [people.student, people.student2, people.newStudent];
  await makePeriod(db, school, people.teacher, kids);
  await makePeriod(db, school, people.newTeacher, kids);
  await fund(db, school, kids, 50);
  tokens = {
    student: await signIn(ctx.app, people.student),
    student2: await signIn(ctx.app, people.student2),
    teacher: await signIn(ctx.app, people.teacher),
    newStudent: await signIn(ctx.app, people.newStudent),
    newTeacher: await signIn(ctx.app, people.newTeacher),
    admin: await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN'])),
    storeManager: await signIn(ctx.app, await makeUser(db, school, ['STORE_MANAGER'])),
    otherAdmin: await signIn(ctx.app, await makeUser(db, other, ['SCHOOL_ADMIN'])),
    otherStudent: await signIn(ctx.app, await makeUser(db, other, ['STUDENT'], LONG_AGO)),
  };
});

const answer = (token: string | undefined, name: string, payload: Record<string, unknown>) =>
  call(ctx.app, 'POST', `/surveys/${name}/answer`, { token, payload });

describe('GET surveys/pending', () => {
  it('401 without a session, 403 for those never asked', async () => {
    expect((await call(ctx.app, 'GET', '/surveys/pending')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.admin })).status).toBe(
      403,
    );
    expect(
      (await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.storeManager })).status,
    ).toBe(403);
  });

  it('waits until the person has used what it asks about: a teacher their first give, a student a purchase', async () => {
    // First sign-in: nothing used yet, nothing asked.
    expect(await pending(tokens.newTeacher)).toBeNull();
    expect(await pending(tokens.newStudent)).toBeNull();
    // Receiving points is not using the store.
    await give(tokens.newTeacher, [people.newStudent]);
    expect(await pending(tokens.newTeacher)).toBe('TEACHER_SATISFACTION_SURVEY');
    expect(await pending(tokens.newStudent)).toBeNull();
    await buy(tokens.newStudent);
    expect(await pending(tokens.newStudent)).toBe('STUDENT_SATISFACTION_SURVEY');
  });

  it('asks a student the student surveys in turn until answered, and a teacher the teacher surveys', async () => {
    await give(tokens.teacher, [people.student, people.student2]);
    await buy(tokens.student);
    await buy(tokens.student2);
    const first = await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.student });
    expect(first.status).toBe(200);
    expect(first.body.survey).toMatchObject({
      name: 'STUDENT_SATISFACTION_SURVEY',
      audience: 'STUDENT',
    });
    expect(first.body.survey.choices.length).toBeGreaterThan(1);
    expect(
      (await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.teacher })).body.survey.name,
    ).toBe('TEACHER_SATISFACTION_SURVEY');

    expect(
      await answer(tokens.student, 'STUDENT_SATISFACTION_SURVEY', { answer: 'SATISFIED' }),
    ).toMatchObject({
      status: 200,
      body: { name: 'STUDENT_SATISFACTION_SURVEY', answer: 'SATISFIED' },
    });
    expect(
      (await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.student })).body.survey.name,
    ).toBe('STUDENT_SATISFACTION_SURVEY_V2');
    // Dismissed: nothing more is asked for now (30 days, below).
    expect(
      (await answer(tokens.student, 'STUDENT_SATISFACTION_SURVEY_V2', { answer: null })).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.student })).body,
    ).toEqual({ survey: null });
    expect(
      (await answer(tokens.student, 'STUDENT_SATISFACTION_SURVEY_V3', { answer: 'LIKELY' })).status,
    ).toBe(200);
    // Another student of the school is still asked.
    expect(
      (await call(ctx.app, 'GET', '/surveys/pending', { token: tokens.student2 })).body.survey.name,
    ).toBe('STUDENT_SATISFACTION_SURVEY');
  });
});

describe('never in the way (docs/decisions/134-surveys-never-in-the-way.md)', () => {
  afterEach(() => setClock(TEST_NOW));

  /** A school of its own (the results below count the main school's answers). */
  async function freshSchool(createdAt: Date) {
    const db = ctx.database.db;
    const at = await makeSchool(db);
    const teacher = await makeUser(db, at, ['TEACHER'], { createdAt });
    const student = await makeUser(db, at, ['STUDENT'], { createdAt });
    await makePeriod(db, at, teacher, [student]);
    await fund(db, at, [student], 50);
    const t = await signIn(ctx.app, teacher);
    const s = await signIn(ctx.app, student);
    await give(t, [student], at);
    await buy(s, at);
    return { at, teacher, student, t };
  }
  /** Asked in a new session: a session's answer may be kept a few seconds (docs/decisions/120-answer-cache.md). */
  const asked = async (user: UserRow) => pending(await signIn(ctx.app, user));

  it('asks nobody in their first week, counted from the account’s creation by the app’s clock', async () => {
    const created = new Date(TEST_NOW);
    const { teacher, student } = await freshSchool(created);
    expect(await asked(teacher)).toBeNull();
    expect(await asked(student)).toBeNull();
    setClock(created.getTime() + 7 * DAY - 60_000);
    expect(await asked(teacher)).toBeNull();
    expect(await asked(student)).toBeNull();
    setClock(created.getTime() + 7 * DAY);
    expect(await asked(teacher)).toBe('TEACHER_SATISFACTION_SURVEY');
    expect(await asked(student)).toBe('STUDENT_SATISFACTION_SURVEY');
  });

  it('a dismissal is kept with its time and keeps every survey away for 30 days; then the survey comes back until answered', async () => {
    const { at, teacher, t } = await freshSchool(LONG_AGO.createdAt);
    expect(await pending(t)).toBe('TEACHER_SATISFACTION_SURVEY');
    const before = clockNow().getTime();
    expect(await answer(t, 'TEACHER_SATISFACTION_SURVEY', { answer: null })).toMatchObject({
      status: 200,
      body: { name: 'TEACHER_SATISFACTION_SURVEY', answer: null },
    });
    const after = clockNow().getTime();
    const row = async () => {
      const [r] = await ctx.database.db
        .select()
        .from(surveyAnswers)
        .where(and(eq(surveyAnswers.schoolId, at.id), eq(surveyAnswers.userId, teacher.id)));
      return r!;
    };
    // Its time is the app's clock (the test's day), not the database's.
    const dismissed = (await row()).at.getTime();
    expect(dismissed).toBeGreaterThanOrEqual(before);
    expect(dismissed).toBeLessThanOrEqual(after);
    expect(await pending(t)).toBeNull();
    setClock(dismissed + 30 * DAY - 60_000);
    expect(await asked(teacher)).toBeNull();
    setClock(dismissed + 30 * DAY);
    expect(await asked(teacher)).toBe('TEACHER_SATISFACTION_SURVEY');

    // Dismissed again: 30 more days, from then.
    expect((await answer(t, 'TEACHER_SATISFACTION_SURVEY', { answer: null })).status).toBe(200);
    const again = (await row()).at.getTime();
    expect(again).toBeGreaterThanOrEqual(dismissed + 30 * DAY);
    setClock(again + 30 * DAY - 60_000);
    expect(await asked(teacher)).toBeNull();
    setClock(again + 30 * DAY);
    expect(await asked(teacher)).toBe('TEACHER_SATISFACTION_SURVEY');

    // Answered at last: the answer replaces the dismissal, and it is never asked again.
    expect((await answer(t, 'TEACHER_SATISFACTION_SURVEY', { answer: 'SATISFIED' })).status).toBe(
      200,
    );
    expect((await row()).answer).toBe('SATISFIED');
    expect(await asked(teacher)).toBe('TEACHER_SATISFACTION_SURVEY_V2');
    expect(await answer(t, 'TEACHER_SATISFACTION_SURVEY', { answer: null })).toMatchObject({
      status: 409,
      body: { message: 'You answered this survey already.' },
    });
    expect((await row()).answer).toBe('SATISFIED');
  });
});

describe('POST surveys/{name}/answer', () => {
  it('401, 403 for those never asked, 404 for a survey not theirs, 400 with a clear message, 409 the second time', async () => {
    expect(
      (await answer(undefined, 'STUDENT_SATISFACTION_SURVEY', { answer: 'SATISFIED' })).status,
    ).toBe(401);
    expect(
      (await answer(tokens.admin, 'STUDENT_SATISFACTION_SURVEY', { answer: 'SATISFIED' })).status,
    ).toBe(403);
    expect(
      await answer(tokens.teacher, 'STUDENT_SATISFACTION_SURVEY', { answer: 'SATISFIED' }),
    ).toMatchObject({ status: 404, body: { message: 'Survey not found' } });
    expect((await answer(tokens.teacher, 'NO_SUCH_SURVEY', { answer: 'SATISFIED' })).status).toBe(
      404,
    );
    const wrong = await answer(tokens.teacher, 'TEACHER_SATISFACTION_SURVEY', {
      answer: 'VERY_EASY',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^answer must be one of VERY_SATISFIED, /);
    expect((await answer(tokens.teacher, 'TEACHER_SATISFACTION_SURVEY', {})).body.message).toBe(
      'answer must be one of the survey’s choices or null',
    );
    expect(
      (await answer(tokens.teacher, 'TEACHER_SATISFACTION_SURVEY', { answer: 5 })).status,
    ).toBe(400);
    expect(
      (await answer(tokens.teacher, 'TEACHER_SATISFACTION_SURVEY', { answer: 'VERY_SATISFIED' }))
        .status,
    ).toBe(200);
    expect(
      await answer(tokens.teacher, 'TEACHER_SATISFACTION_SURVEY', { answer: 'DISSATISFIED' }),
    ).toMatchObject({ status: 409, body: { message: 'You answered this survey already.' } });
  });

  it('two answers sent at once keep one', async () => {
    const both = await Promise.all([
      answer(tokens.student2, 'STUDENT_SATISFACTION_SURVEY', { answer: 'NEUTRAL' }),
      answer(tokens.student2, 'STUDENT_SATISFACTION_SURVEY', { answer: 'NEUTRAL' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('GET surveys/results', () => {
  it('401, 403 for non-admins, and counts per answer of the caller’s school only', async () => {
    expect((await call(ctx.app, 'GET', '/surveys/results')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/surveys/results', { token: tokens.teacher })).status).toBe(
      403,
    );
    expect((await call(ctx.app, 'GET', '/surveys/results', { token: tokens.student })).status).toBe(
      403,
    );
    await answer(tokens.otherStudent, 'STUDENT_SATISFACTION_SURVEY', {
      answer: 'VERY_DISSATISFIED',
    });
    const res = await call(ctx.app, 'GET', '/surveys/results', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    const byName = Object.fromEntries(res.body.map((s: { name: string }) => [s.name, s]));
    const counts = (name: string) =>
      Object.fromEntries(
        byName[name].choices
          .filter((c: { count: number }) => c.count)
          .map((c: { id: string; count: number }) => [c.id, c.count]),
      );
    expect(counts('STUDENT_SATISFACTION_SURVEY')).toEqual({ SATISFIED: 1, NEUTRAL: 1 });
    expect(byName.STUDENT_SATISFACTION_SURVEY).toMatchObject({ dismissed: 0, total: 2 });
    expect(byName.STUDENT_SATISFACTION_SURVEY_V2).toMatchObject({ dismissed: 1, total: 1 });
    expect(counts('TEACHER_SATISFACTION_SURVEY')).toEqual({ VERY_SATISFIED: 1 });
    expect(byName.TEACHER_SATISFACTION_SURVEY_V2).toMatchObject({ dismissed: 0, total: 0 });
    const other = await call(ctx.app, 'GET', '/surveys/results', { token: tokens.otherAdmin });
    expect(
      other.body.find((s: { name: string }) => s.name === 'STUDENT_SATISFACTION_SURVEY'),
    ).toMatchObject({ total: 1 });
  });
});

describe('SURVEYS=false', () => {
  const off = useTestApp({ SURVEYS: 'false' });
  it('asks nobody, and still takes answers and gives results', async () => {
    const db = off.database.db;
    const school = await makeSchool(db);
    const student = await signIn(off.app, await makeUser(db, school, ['STUDENT']));
    const admin = await signIn(off.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
    expect((await call(off.app, 'GET', '/surveys/pending', { token: student })).body).toEqual({
      survey: null,
    });
    expect(
      (
        await call(off.app, 'POST', '/surveys/STUDENT_SATISFACTION_SURVEY/answer', {
          token: student,
          payload: { answer: 'SATISFIED' },
        })
      ).status,
    ).toBe(200);
    expect((await call(off.app, 'GET', '/surveys/results', { token: admin })).body[0].total).toBe(
      1,
    );
  });
});
