import { eq, sql } from 'drizzle-orm';
import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, schools } from '../src/db/schema.js';
import { makeSchool, makeUser, signIn, type SchoolRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * A name an admin sets (a school, currency, product, action, group, person, district school) is one
 * line with nothing hidden (issue 31, L5; names.ts `hasHiddenCharacters`): a line break, a tab, a
 * zero-width or direction-changing character is 400 naming the field, and nothing is written.
 */
const ctx = useTestApp();
const tok = {} as Record<'admin' | 'owner' | 'teacher', string>;
let school: SchoolRow;

const profile = (over: Record<string, unknown> = {}) => ({
  name: school.name,
  timeZone: 'America/Chicago',
  schoolType: 'Middle',
  storeModel: 'Pickup',
  hasHouseSystem: false,
  canTeacherGiveAll: true,
  ...over,
});
const newSchool = (over: Record<string, unknown> = {}) => ({
  name: 'Second School',
  code: 'SECOND-NAMES',
  timeZone: 'America/Chicago',
  schoolType: 'Elementary',
  storeModel: 'Delivery',
  hasHouseSystem: false,
  canTeacherGiveAll: true,
  ...over,
});

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.owner = await signIn(ctx.app, await makeUser(db, school, ['SUPER_ADMIN']));
  tok.teacher = await signIn(ctx.app, await makeUser(db, school, ['TEACHER']));
});

const stored = async () =>
  (await ctx.database.db.select().from(schools).where(eq(schools.id, school.id)))[0]!;
const productCount = async () =>
  Number(
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.schoolId, school.id))
    )[0]!.n,
  );

describe('names with line breaks or hidden characters', () => {
  it.each([
    ['name', { name: 'Lincoln\r\nMiddle' }],
    ['name', { name: 'Lincoln\tMiddle' }],
    ['name', { name: 'Lincoln\u202eelddiM' }],
    ['currencyName', { currencyName: 'Sta\u200brs' }],
    ['currencyNameOne', { currencyNameOne: 'St\u2066ar' }],
  ])('PUT settings/school refuses %s %j (400), the school unchanged', async (field, over) => {
    const before = await stored();
    const res = await call(ctx.app, 'PUT', '/settings/school', {
      token: tok.admin,
      payload: profile(over),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field}`));
    expect(await stored()).toEqual(before);
  });

  it('the refusal names the field, in the English catalogue and in Spanish', async () => {
    const payload = profile({ name: 'Lincoln\u200bMiddle' });
    const en = await call(ctx.app, 'PUT', '/settings/school', { token: tok.admin, payload });
    expect(en.body).toEqual({ message: MSG.hiddenCharacters('name') });
    const es = await call(ctx.app, 'PUT', '/settings/school', {
      token: tok.admin,
      payload,
      headers: { 'accept-language': 'es' },
    });
    expect(es).toMatchObject({
      status: 400,
      body: {
        message: 'name: no debe contener saltos de línea, tabulaciones ni caracteres invisibles',
      },
    });
  });

  it('accents, other scripts and emoji are names like any other', async () => {
    const res = await call(ctx.app, 'PUT', '/settings/school', {
      token: tok.admin,
      payload: profile({ name: 'Escuela José Martí ⭐ مدرسة', currencyName: 'Estrellas' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored()).name).toBe('Escuela José Martí ⭐ مدرسة');
  });

  it('a product, a custom action, a group, a guardian, a new school and the first start refuse them too', async () => {
    const before = await productCount();
    const cases: [string, string, string, object][] = [
      ['name', 'POST', '/products/school', { name: 'Pen\u200dcil', category: 'Items', price: 3 }],
      ['name', 'POST', '/activity/options/custom', { name: 'Help\nful', category: 'Bonuses' }],
      [
        'groups.0.name',
        'POST',
        '/group-types',
        {
          name: 'Tables',
          internalPeriodId: '00000000-0000-0000-0000-000000000000',
          groups: [{ name: 'Table\u20601', studentIds: [] }],
        },
      ],
      [
        'firstName',
        'POST',
        '/settings/guardians',
        {
          email: 'pat@example.org',
          firstName: 'Pat\u200f',
          lastName: 'Lee',
          studentIds: ['00000000-0000-0000-0000-000000000000'],
        },
      ],
      ['name', 'POST', '/district/schools', newSchool({ name: 'Second\ufeffSchool' })],
    ];
    for (const [field, method, url, payload] of cases) {
      const token = url.startsWith('/district')
        ? tok.owner
        : url.startsWith('/activity') || url.startsWith('/group')
          ? tok.teacher
          : tok.admin;
      const res = await call(ctx.app, method as 'POST', url, { token, payload });
      expect(res, url).toMatchObject({
        status: 400,
        body: { message: MSG.hiddenCharacters(field) },
      });
    }
    expect(await productCount()).toBe(before);
    const setup = await call(ctx.app, 'POST', '/setup', {
      payload: {
        code: 'AAAA-BBBB-CCCC',
        districtName: 'Spring\u2028field',
        school: newSchool({ name: 'First\u0085School' }),
        owner: {
          firstName: 'Pat',
          lastName: 'Lee',
          email: 'pat@example.org',
          username: 'pat.lee',
          password: 'correct horse battery',
        },
      },
    });
    expect(setup).toMatchObject({
      status: 400,
      body: { message: MSG.hiddenCharacters('districtName') },
    });
  });
});
