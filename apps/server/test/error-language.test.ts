import { englishOf, msg } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * A refusal is thrown as its catalogue key and written in the person's language at the edge,
 * a validation detail with its field named (docs/decisions/136-errors-carry-a-key.md).
 */
const ctx = useTestApp();
let admin: string;
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9' };
const NO_PERIOD = '/periods/00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  const school = await makeSchool(ctx.database.db);
  admin = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']));
});

describe('a refusal in the person’s language', () => {
  it('is the English catalogue’s text by default and the Spanish one’s for a Spanish reader', async () => {
    const en = await call(ctx.app, 'GET', NO_PERIOD, { token: admin });
    expect(en).toMatchObject({ status: 404, body: { message: 'Period not found' } });
    expect(en.body.message).toBe(englishOf(msg('msg.periodNotFound')));
    const es = await call(ctx.app, 'GET', NO_PERIOD, { token: admin, headers: SPANISH });
    expect(es).toMatchObject({ status: 404, body: { message: 'Clase no encontrada' } });
  });

  it('names a field by its label, in English as in Spanish', async () => {
    const url = '/periods?scope=everything';
    const en = await call(ctx.app, 'GET', url, { token: admin });
    expect(en).toMatchObject({
      status: 400,
      body: { message: 'Scope: must be one of mine, school' },
    });
    const es = await call(ctx.app, 'GET', url, { token: admin, headers: SPANISH });
    expect(es).toMatchObject({
      status: 400,
      body: { message: 'Alcance: debe ser uno de estos valores: mine, school' },
    });
  });

  it('says a missing field is required, in Spanish by its label', async () => {
    const res = await call(ctx.app, 'POST', '/activity/class-report', {
      token: admin,
      payload: {},
      headers: SPANISH,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Clase: /);
  });

  it('names a field by its label in English too, not by its API name (internalPeriodId is Class)', async () => {
    const payload = { internalPeriodId: 5, externalStudentIds: ['x'], activityTypes: ['x'] };
    const say = async (headers?: Record<string, string>) =>
      call(ctx.app, 'POST', '/activity/bulk', { token: admin, payload, headers });
    expect(await say()).toMatchObject({ status: 400, body: { message: 'Class: must be text' } });
    expect(await say(SPANISH)).toMatchObject({
      status: 400,
      body: { message: 'Clase: debe ser texto' },
    });
  });
});
