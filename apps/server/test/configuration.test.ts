import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const tok: Record<string, string> = {};
let a: SchoolRow;
let b: SchoolRow;

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  b = await makeSchool(db);
  const roles = {
    superAdmin: ['SUPER_ADMIN'],
    admin: ['SCHOOL_ADMIN'],
    teacher: ['TEACHER'],
    student: ['STUDENT'],
  } as const;
  for (const [k, r] of Object.entries(roles))
    tok[k] = await signIn(ctx.app, await makeUser(db, a, [...r]));
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
});

const get = (scope: string, token?: string) =>
  call(ctx.app, 'GET', `/configuration/${scope}?time=${Date.now()}`, { token });
const post = (scope: string, payload: object, token?: string) =>
  call(ctx.app, 'POST', `/configuration/${scope}`, { token, payload });

describe('configuration/global', () => {
  it('401 without a token', async () => {
    expect((await get('global')).status).toBe(401);
    expect((await post('global', { key: 'k', value: 'v' })).status).toBe(401);
  });

  it('400 for a missing key', async () => {
    const res = await post('global', { value: 'v' }, tok.superAdmin);
    expect(res).toMatchObject({ status: 400, body: { message: 'key is required' } });
    expect((await post('global', { key: '  ' }, tok.superAdmin)).body.message).toBe(
      'key is required',
    );
  });

  it.each([
    [{ key: 'a\u0000' }, 'key: must not contain a NUL character'],
    [{ key: 'k', value: 'a\u0000' }, 'value: must not contain a NUL character'],
    [
      { key: 'k', valueObject: { list: ['ok', 'a\u0000'] } },
      'valueObject.list.1: must not contain a NUL character',
    ],
    [{ key: 'k', value: 5 }, /^Value: /],
  ])('400 for bad input %j', async (body, message) => {
    const res = await post('global', body, tok.superAdmin);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it.each(['admin', 'teacher', 'student'])('403 for %s writing', async (who) => {
    const res = await post('global', { key: 'banner', value: 'x' }, tok[who]);
    expect(res.status).toBe(403);
  });

  it('a super admin writes; every signed-in user reads', async () => {
    const res = await post(
      'global',
      { key: 'hideHowToEarnSchools', valueObject: ['DELMAR', 'RIVERA'] },
      tok.superAdmin,
    );
    expect(res).toMatchObject({
      status: 200,
      body: { key: 'hideHowToEarnSchools', value: null, valueObject: ['DELMAR', 'RIVERA'] },
    });
    for (const who of ['superAdmin', 'admin', 'teacher', 'student', 'adminB']) {
      const read = await get('global', tok[who]);
      expect(read.status).toBe(200);
      expect(read.body).toEqual([
        { key: 'hideHowToEarnSchools', value: null, valueObject: ['DELMAR', 'RIVERA'] },
      ]);
    }
  });

  it('writing the same key again replaces it', async () => {
    await post('global', { key: 'hideHowToEarnSchools', value: 'none' }, tok.superAdmin);
    const read = await get('global', tok.teacher);
    expect(read.body).toEqual([{ key: 'hideHowToEarnSchools', value: 'none', valueObject: null }]);
  });
});

describe('configuration/{school id}', () => {
  it('401 without a token', async () => {
    expect((await get(a.id)).status).toBe(401);
  });

  it('400 for a missing key', async () => {
    expect(await post(a.id, { value: 'x' }, tok.admin)).toMatchObject({
      status: 400,
      body: { message: 'key is required' },
    });
  });

  it.each(['teacher', 'student'])('403 for %s writing', async (who) => {
    expect((await post(a.id, { key: 'theme', value: 'dark' }, tok[who])).status).toBe(403);
  });

  it("404 for another school's id, an unknown id and a non-uuid, reading or writing", async () => {
    for (const scope of [b.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(scope, tok.admin)).status).toBe(404);
      expect((await post(scope, { key: 'theme', value: 'x' }, tok.admin)).status).toBe(404);
    }
  });

  it('the school admin writes; the school reads; another school never sees it', async () => {
    const res = await post(
      a.id,
      { key: 'theme', value: 'dark', valueObject: { accent: '#fff', sizes: [1, 2] } },
      tok.admin,
    );
    expect(res).toMatchObject({
      status: 200,
      body: { key: 'theme', value: 'dark', valueObject: { accent: '#fff', sizes: [1, 2] } },
    });
    const read = await get(a.id, tok.student);
    expect(read).toMatchObject({ status: 200, body: [{ key: 'theme', value: 'dark' }] });
    expect((await get(b.id, tok.adminB)).body).toEqual([]);
    expect((await get('global', tok.admin)).body.map((e: { key: string }) => e.key)).not.toContain(
      'theme',
    );
  });
});
