import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Answers in the person's language (docs/decisions/109-i18n.md): their choice on /profile
 * (PUT profile/language), else the browser's Accept-Language; the school's currency name in both.
 */
const ctx = useTestApp();
let school: SchoolRow;
let stars: SchoolRow;
let student: UserRow;
let starStudent: UserRow;
let token: string;
let starToken: string;
let product: ProductRow;
let starProduct: ProductRow;

const buy = (tok: string, prod: ProductRow, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/v2/order', {
    token: tok,
    headers,
    payload: { store: 'School', orderItems: [{ productId: prod.id, quantity: 1 }] },
  });

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  stars = await makeSchool(db, { currencyName: 'Estrellas', currencyNameOne: 'Estrella' });
  student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  starStudent = await makeUser(db, stars, ['STUDENT'], { gradeLevel: '6' });
  await fund(db, school, [student], 4);
  await fund(db, stars, [starStudent], 4);
  product = await makeProduct(db, school, { name: 'Lápiz', price: 30, stock: null });
  starProduct = await makeProduct(db, stars, { name: 'Lápiz', price: 30, stock: null });
  token = await signIn(ctx.app, student);
  starToken = await signIn(ctx.app, starStudent);
});

describe('the language of an answer', () => {
  it("is English by default and the browser's when the user has chosen none", async () => {
    expect((await buy(token, product)).body).toEqual({ message: MSG.keepWorking(26) });
    expect((await buy(token, product, { 'accept-language': 'es-MX,es;q=0.9' })).body).toEqual({
      message: '¡Sigue esforzándote! Necesitas ganar 26 Méritos más.',
    });
    // Signed out: the browser's language too.
    const noSession = await call(ctx.app, 'GET', '/periods', {
      headers: { 'accept-language': 'es' },
    });
    expect(noSession).toMatchObject({ status: 401, body: { message: 'No autorizado' } });
  });

  it('follows the choice made on /profile over the browser, until it is cleared', async () => {
    const set = await call(ctx.app, 'PUT', '/profile/language', {
      token,
      payload: { language: 'es' },
    });
    expect(set).toMatchObject({ status: 200, body: { language: 'es' } });
    expect((await call(ctx.app, 'POST', '/auth/me', { token })).body.language).toBe('es');
    const answer = await buy(token, product, { 'accept-language': 'en-US' });
    expect(answer.body.message).toBe('¡Sigue esforzándote! Necesitas ganar 26 Méritos más.');

    await call(ctx.app, 'PUT', '/profile/language', { token, payload: { language: null } });
    expect((await call(ctx.app, 'POST', '/auth/me', { token })).body.language).toBeNull();
    expect((await buy(token, product, { 'accept-language': 'en-US' })).body.message).toBe(
      MSG.keepWorking(26),
    );
  });

  it('refuses a language the product does not speak', async () => {
    const res = await call(ctx.app, 'PUT', '/profile/language', {
      token,
      payload: { language: 'fr' },
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it("names the school's own currency in either language", async () => {
    const me = await call(ctx.app, 'POST', '/auth/me', { token: starToken });
    expect(me.body.school).toMatchObject({
      currencyName: 'Estrellas',
      currencyNameOne: 'Estrella',
    });
    expect((await buy(starToken, starProduct)).body.message).toBe(
      'Keep working! You need to earn 26 more Estrellas.',
    );
    expect((await buy(starToken, starProduct, { 'accept-language': 'es' })).body.message).toBe(
      '¡Sigue esforzándote! Necesitas ganar 26 Estrellas más.',
    );
  });
});
