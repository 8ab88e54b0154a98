import { addDays, englishOf } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findBadString as findBad,
  jsonNestingExceeds,
  MAX_BODY_DEPTH,
  parseJsonBody,
} from '../src/lib/input-hygiene.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/** The problem found, read as its English text. */
const findBadString = (value: unknown, whole?: string) => {
  const bad = findBad(value, whole);
  return bad && { path: bad.path, problem: englishOf(bad.problem) };
};

const NUL = '\u0000';
const LONE = '\ud800';
const nulMsg = (path: string) => ({ message: `${path}: must not contain a NUL character` });
const loneMsg = (path: string) => ({ message: `${path}: must not contain an unpaired surrogate` });

/** `[[[…]]]` nested `depth` levels, built without recursion. */
function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
}
const deepText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('findBadString', () => {
  it('is null for clean values, including surrogate pairs (emoji)', () => {
    expect(findBadString({ a: 'x', b: [1, null, true, { c: 'ok 😀' }] })).toBeNull();
    expect(findBadString('plain')).toBeNull();
    expect(findBadString(undefined)).toBeNull();
    expect(findBadString(42)).toBeNull();
  });

  it('names the JSON path of the first bad string', () => {
    expect(findBadString({ name: 'ok', groups: [{ name: 'a' }, { name: `b${NUL}` }] })).toEqual({
      path: 'groups.1.name',
      problem: 'must not contain a NUL character',
    });
    expect(findBadString({ comment: `x${LONE}` })).toEqual({
      path: 'comment',
      problem: 'must not contain an unpaired surrogate',
    });
    expect(findBadString({ comment: '\udc00 trailing half' })).toEqual({
      path: 'comment',
      problem: 'must not contain an unpaired surrogate',
    });
    expect(findBadString({ ids: ['ok', `${LONE}x`, NUL] })?.path).toBe('ids.1');
    expect(findBadString(`a${NUL}`)).toEqual({
      path: 'body',
      problem: 'must not contain a NUL character',
    });
    expect(findBadString(`a${NUL}`, 'query')).toEqual({
      path: 'query',
      problem: 'must not contain a NUL character',
    });
    expect(findBadString({ '': NUL }, 'query')).toEqual({
      path: 'query',
      problem: 'must not contain a NUL character',
    });
  });

  it('checks object keys too, without echoing the bad character', () => {
    expect(findBadString({ groups: [{ [`na${NUL}me`]: 'x' }] })).toEqual({
      path: 'groups.0.na?me',
      problem: 'field name must not contain a NUL character',
    });
    expect(findBadString({ [LONE]: 1 })).toEqual({
      path: '?',
      problem: 'field name must not contain an unpaired surrogate',
    });
  });

  it('walks 100,000 levels without recursion', () => {
    expect(findBadString(deepArray(100_000))).toBeNull();
    let v: unknown = NUL;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(findBadString(v)?.problem).toBe('must not contain a NUL character');
  });
});

describe('jsonNestingExceeds', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestingExceeds('{"a":[{}]}', 3)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{}]}', 2)).toBe(true);
    expect(jsonNestingExceeds('{"a":"[[[[[[\\"[[[[[["}', 1)).toBe(false);
    expect(jsonNestingExceeds('"\\\\"', 0)).toBe(false);
    expect(jsonNestingExceeds('["\\\\",[[]]]', 2)).toBe(true);
    expect(jsonNestingExceeds(deepText(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonNestingExceeds(deepText(MAX_BODY_DEPTH + 1))).toBe(true);
  });

  it('scans a 100,000-deep text quickly', () => {
    const started = Date.now();
    expect(jsonNestingExceeds(deepText(100_000))).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('parseJsonBody', () => {
  it('treats empty and blank text as no body', () => {
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody(' \n\t')).toBeUndefined();
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody('\ufeff{"a":1}')).toEqual({ a: 1 });
  });

  it('refuses bad JSON, deep nesting, prototype poisoning and bad strings with a 400', () => {
    const fail = (text: string) => {
      try {
        parseJsonBody(text);
      } catch (err: any) {
        return { status: err.statusCode, message: err.message };
      }
      return undefined;
    };
    expect(fail('{"a":')).toEqual({ status: 400, message: 'Body is not valid JSON' });
    expect(fail(deepText(100_000))).toEqual({
      status: 400,
      message: expect.stringMatching(/^Body is nested too deeply/),
    });
    expect(fail('{"__proto__":{"admin":true}}')).toEqual({
      status: 400,
      message: expect.stringMatching(/__proto__/),
    });
    expect(fail('{"constructor":{"prototype":{"admin":true}}}')).toEqual({
      status: 400,
      message: expect.stringMatching(/constructor/),
    });
    expect(fail('{"name":"a\\u0000"}')).toEqual({ status: 400, ...nulMsg('name') });
    expect(fail('{"name":"\\ud800"}')).toEqual({ status: 400, ...loneMsg('name') });
  });
});

describe('through the app', () => {
  const ctx = useTestApp();
  let school: SchoolRow;
  let student: UserRow;
  let periodId: string;
  let day: string;
  let bonusId: string;
  const tok: Record<'admin' | 'teacher' | 'student', string> = {
    admin: '',
    teacher: '',
    student: '',
  };
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    const db = ctx.database.db;
    school = await makeSchool(db);
    const admin = await makeUser(db, school, ['SCHOOL_ADMIN', 'TEACHER']);
    const teacher = await makeUser(db, school, ['TEACHER']);
    student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
    const other = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
    periodId = (await makePeriod(db, school, teacher, [student, other])).id;
    await makePeriod(db, school, admin, [student, other], { periodNumber: 2 });
    day = await schoolDay(db, school);
    bonusId = (await typeByName(db, school, 'Helping others')).id;
    tok.admin = await signIn(ctx.app, admin);
    tok.teacher = await signIn(ctx.app, teacher);
    tok.student = await signIn(ctx.app, student);
  });

  it('refuses a NUL in a group-type name, naming the field (also inside groups)', async () => {
    const base = {
      name: 'Tables',
      internalPeriodId: periodId,
      groups: [{ name: 'Red', studentIds: [student.id] }],
    };
    const a = await call(ctx.app, 'POST', '/group-types', {
      token: tok.teacher,
      payload: { ...base, name: `Tab${NUL}les` },
    });
    expect(a).toMatchObject({ status: 400, body: nulMsg('name') });
    const b = await call(ctx.app, 'POST', '/group-types', {
      token: tok.teacher,
      payload: { ...base, groups: [{ name: `R${NUL}`, studentIds: [student.id] }] },
    });
    expect(b).toMatchObject({ status: 400, body: nulMsg('groups.0.name') });
  });

  it('refuses a NUL in a holiday name', async () => {
    const { yearEnd } = await loadCalendar(ctx.database.db, school);
    const res = await call(ctx.app, 'POST', '/calendar/holidays', {
      token: tok.admin,
      payload: { date: addDays(yearEnd, -10), name: `Day${NUL}off` },
    });
    expect(res).toMatchObject({ status: 400, body: nulMsg('name') });
  });

  it('refuses a NUL in a custom action name', async () => {
    const res = await call(ctx.app, 'POST', '/activity/options/custom', {
      token: tok.teacher,
      payload: { name: `Kind${NUL}`, category: 'Bonuses', points: 2 },
    });
    expect(res).toMatchObject({ status: 400, body: nulMsg('name') });
  });

  it('refuses a NUL in a bulk give comment or student id', async () => {
    const give = {
      externalStudentIds: [student.externalId],
      activityTypes: [bonusId],
      date: day,
      comment: 'well done',
    };
    const a = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.teacher,
      payload: { ...give, comment: `well${NUL}done` },
    });
    expect(a).toMatchObject({ status: 400, body: nulMsg('comment') });
    const b = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.teacher,
      payload: { ...give, externalStudentIds: [student.externalId, `X${NUL}`] },
    });
    expect(b).toMatchObject({ status: 400, body: nulMsg('externalStudentIds.1') });
  });

  it('refuses a NUL in the comment of PUT activity/{id}', async () => {
    const given = await call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.teacher,
      payload: {
        externalStudentIds: [student.externalId],
        activityTypes: [bonusId],
        date: day,
        comment: 'first',
      },
    });
    expect(given.status).toBe(200);
    const list = await call(ctx.app, 'GET', `/activity/?studentId=${student.id}&limit=1`, {
      token: tok.teacher,
    });
    const id = list.body[0]._id as string;
    const res = await call(ctx.app, 'PUT', `/activity/${id}`, {
      token: tok.teacher,
      payload: { comment: `edited${NUL}` },
    });
    expect(res).toMatchObject({ status: 400, body: nulMsg('comment') });
  });

  it('refuses a NUL in a query value and in a path param', async () => {
    expect(
      await call(ctx.app, 'GET', `/activity/?studentId=%00`, { token: tok.teacher }),
    ).toMatchObject({ status: 400, body: nulMsg('studentId') });
    expect(
      await call(ctx.app, 'GET', `/activity/?studentId=${student.id}&category=Bonuses%00`, {
        token: tok.teacher,
      }),
    ).toMatchObject({
      status: 400,
      body: nulMsg('category'),
    });
    expect(
      await call(ctx.app, 'GET', `/group-types?internalPeriodId=${periodId}%00`, {
        token: tok.teacher,
      }),
    ).toMatchObject({
      status: 400,
      body: nulMsg('internalPeriodId'),
    });
    expect(
      await call(ctx.app, 'GET', `/periods/${periodId}%00`, { token: tok.teacher }),
    ).toMatchObject({ status: 400, body: nulMsg('id') });
    expect(
      await call(ctx.app, 'GET', `/configuration/${school.id}%00`, { token: tok.teacher }),
    ).toMatchObject({ status: 400, body: nulMsg('id') });
    expect(
      await call(ctx.app, 'DELETE', `/calendar/holidays/2026-01-01%00`, { token: tok.admin }),
    ).toMatchObject({ status: 400, body: nulMsg('date') });
  });

  it('refuses an unpaired surrogate in a body string or key (sent as a JSON escape)', async () => {
    const raw = `{"name":"\\ud800","category":"Bonuses","points":2}`;
    const a = await call(ctx.app, 'POST', '/activity/options/custom', {
      token: tok.teacher,
      headers: json,
      payload: raw,
    });
    expect(a).toMatchObject({ status: 400, body: loneMsg('name') });
    const b = await call(ctx.app, 'POST', '/configuration/' + school.id, {
      token: tok.admin,
      headers: json,
      payload: `{"key":"k","valueObject":{"list":["ok","\\udfff"]}}`,
    });
    expect(b).toMatchObject({ status: 400, body: loneMsg('valueObject.list.1') });
    const c = await call(ctx.app, 'POST', '/configuration/' + school.id, {
      token: tok.admin,
      headers: json,
      payload: `{"key":"k","valueObject":{"\\u0000":1}}`,
    });
    expect(c).toMatchObject({
      status: 400,
      body: { message: 'valueObject.?: field name must not contain a NUL character' },
    });
  });

  it('refuses a 100,000-deep valueObject fast, from a student (400 or 403) and an admin (400), never 500', async () => {
    const payload = `{"key":"k","valueObject":${deepText(100_000)}}`;
    const started = Date.now();
    const asStudent = await call(ctx.app, 'POST', `/configuration/${school.id}`, {
      token: tok.student,
      headers: json,
      payload,
    });
    expect([400, 403]).toContain(asStudent.status);
    expect(typeof asStudent.body.message).toBe('string');
    const asAdmin = await call(ctx.app, 'POST', `/configuration/${school.id}`, {
      token: tok.admin,
      headers: json,
      payload,
    });
    expect(asAdmin).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Body is nested too deeply/) },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // 32 levels in all is still fine.
    const ok = await call(ctx.app, 'POST', `/configuration/${school.id}`, {
      token: tok.admin,
      payload: { key: 'k', valueObject: deepArray(MAX_BODY_DEPTH - 1) },
    });
    expect(ok.status).toBe(200);
  });

  it('treats an empty JSON body as no body: POST auth/me, DELETE activity/{id}', async () => {
    for (const payload of [undefined, '', '  ']) {
      const me = await call(ctx.app, 'POST', '/auth/me', {
        token: tok.student,
        headers: json,
        payload,
      });
      expect(me.status, JSON.stringify(payload)).toBe(200);
      expect(me.body).toMatchObject({ _id: student.id });
      const del = await call(ctx.app, 'DELETE', '/activity/00000000-0000-4000-8000-000000000000', {
        token: tok.admin,
        headers: json,
        payload,
      });
      expect(del.status, JSON.stringify(payload)).toBe(404);
      expect(typeof del.body.message).toBe('string');
    }
    const withLength = await call(ctx.app, 'POST', '/auth/me', {
      token: tok.student,
      headers: { ...json, 'content-length': '0' },
    });
    expect(withLength.status).toBe(200);
  });

  it('answers 400 Body is not valid JSON, and 400 for __proto__', async () => {
    expect(
      await call(ctx.app, 'POST', '/auth/me', {
        token: tok.student,
        headers: json,
        payload: '{"a":',
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Body is not valid JSON' },
    });
    const res = await call(ctx.app, 'POST', '/configuration/' + school.id, {
      token: tok.admin,
      headers: json,
      payload: '{"key":"k","__proto__":{"x":1}}',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/__proto__/) },
    });
  });

  it('answers 413 with { message } for a body over 1 MB', async () => {
    const payload = JSON.stringify({ key: 'k', value: 'x'.repeat(2 * 1024 * 1024) });
    const res = await call(ctx.app, 'POST', `/configuration/${school.id}`, {
      token: tok.admin,
      headers: json,
      payload,
    });
    expect(res.status).toBe(413);
    expect(typeof res.body.message).toBe('string');
  });
});
