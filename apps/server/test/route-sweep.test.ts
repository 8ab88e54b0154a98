import { API, callsOf } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp({ NODE_ENV: 'development' });
/** Every call of the contract (the server serves exactly these: contract.test.ts). */
const contractRoutes = () =>
  callsOf(API).map(({ call: c }) => ({ method: c.method, url: c.path, public: Boolean(c.public) }));
const tokens: Record<string, string> = {};

const GARBAGE: unknown[] = [
  {},
  { x: 1 },
  [],
  'text',
  {
    activityTypes: 'x',
    externalStudentIds: 5,
    date: 'soon',
    comment: 42,
    endDates: 'x',
    groups: [{}],
    coTeachers: [null],
    key: [],
    powerActions: {},
  },
  { name: 'a'.repeat(5000), userEmail: 'no', endDates: ['2020-13-45'], studentIds: ['\u0000'] },
];
const PARAMS = ['x', '00000000-0000-0000-0000-000000000000', '%00', 'a'.repeat(300), '2026-02-30'];

beforeAll(async () => {
  const db = ctx.database.db;
  const school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  const student = await makeUser(db, school, ['STUDENT']);
  await makePeriod(db, school, teacher, [student]);
  tokens.teacher = await signIn(ctx.app, teacher);
  tokens.student = await signIn(ctx.app, student);
  tokens.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN', 'TEACHER']));
});

describe('every API route', () => {
  it('answers 401 with { message } without a session unless it is public', async () => {
    const routes = contractRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes.filter((x) => !x.public)) {
      const res = await call(ctx.app, r.method as never, r.url.replace(/:[a-zA-Z]+/g, 'x'), {
        payload: r.method === 'GET' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, status: res.status, body: res.body }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
        body: { message: 'Unauthorized' },
      });
    }
  });

  it('never answers 500 (or a body without a message) to garbage, for any role', async () => {
    for (const r of contractRoutes()) {
      if (r.url.endsWith('/auth/logout')) continue; // would end the sweep's own session
      for (const role of ['teacher', 'student', 'admin']) {
        for (const param of PARAMS) {
          const url = r.url.replace(/:[a-zA-Z]+/g, encodeURIComponent(param));
          const bodies = r.method === 'GET' || r.method === 'DELETE' ? [undefined] : GARBAGE;
          for (const payload of bodies) {
            const res = await call(
              ctx.app,
              r.method as never,
              `${url}?date=nope&studentId=%00&limit=-1`,
              {
                token: tokens[role],
                payload: payload as never,
                headers: payload === undefined ? {} : { 'content-type': 'application/json' },
              },
            );
            const where = `${role} ${r.method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}`;
            expect(res.status, where).toBeLessThan(500);
            if (res.status >= 400) expect(typeof res.body?.message, where).toBe('string');
          }
        }
      }
    }
  }, 240_000);
});
