import { CURRENCY_NAME, MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerDrift } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { fund } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let a: SchoolRow;

const buy = (token: string | undefined, productId: string, productCategory: string) =>
  call(ctx.app, 'POST', '/api/v2/order/customization', {
    token,
    payload: { productId, productCategory },
  });
const meta = async (token: string | undefined) =>
  (await call(ctx.app, 'GET', '/store/meta', { token })).body;

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  u.student = await makeUser(db, a, ['STUDENT']);
  u.poor = await makeUser(db, a, ['STUDENT']);
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  await makePeriod(db, a, u.teacher, [u.student, u.poor]);
  await fund(db, a, [u.student], 300); // Silver member level (250 earned this year)
  await fund(db, a, [u.poor], 30);
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

describe('POST order/customization (v2)', () => {
  it('401, 400 with the field named, 403 for non-students, 404 for an unknown option', async () => {
    expect((await buy(undefined, 'dm-sans', 'fonts')).status).toBe(401);
    expect(await buy(tok.student, 'dm-sans', 'hats')).toMatchObject({
      status: 400,
      body: { message: 'productCategory must be fonts or icons' },
    });
    expect((await buy(tok.teacher, 'dm-sans', 'fonts')).status).toBe(403);
    expect(await buy(tok.student, 'comic-sans', 'fonts')).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
    expect((await buy(tok.student, 'dm-sans', 'icons')).status).toBe(404);
  });

  it('buys a font and an emoji once each, gated by the member level and the balance, on the ledger', async () => {
    const font = await buy(tok.student, 'comfortaa', 'fonts');
    expect(font.status, JSON.stringify(font.body)).toBe(200);
    expect(font.body).toMatchObject({
      balance: 200,
      orders: [
        {
          store: 'fonts',
          status: 'REDEEMED',
          total: 100,
          orderItems: [{ productId: 'comfortaa', name: 'Comfortaa', price: 100 }],
        },
      ],
    });
    expect(await buy(tok.student, 'comfortaa', 'fonts')).toMatchObject({
      status: 400,
      body: { message: 'You own this already.' },
    });
    expect(await buy(tok.student, 'emoji-1f981', 'icons')).toMatchObject({
      status: 400,
      body: { message: 'This icon unlocks at the Gold member level.' },
    });
    expect((await buy(tok.student, 'emoji-1f33b', 'icons')).body).toMatchObject({
      balance: 140,
      orders: [{ store: 'icons', total: 60 }],
    }); // Silver: sunflower
    expect(await buy(tok.poor, 'emoji-1f600', 'icons')).toMatchObject({
      status: 400,
      body: { message: `Keep working! You need to earn 20 more ${CURRENCY_NAME}.` },
    });
    expect((await buy(tok.poor, 'icon-1f600', 'icons')).body.balance).toBe(30); // black-and-white: free
    const m = await meta(tok.student);
    expect(m.memberStatusLevel).toBe('Silver');
    expect(m.fonts.find((f: any) => f.id === 'comfortaa').owned).toBe(true);
    expect(m.icons.find((i: any) => i.id === 'emoji-1f33b')).toMatchObject({
      owned: true,
      unlocked: true,
      imageUrl: '/icons/color/1F33B.svg',
      kind: 'Emojis',
    });
    expect(m.icons.find((i: any) => i.id === 'emoji-1f981')).toMatchObject({
      owned: false,
      unlocked: false,
    });
    expect(await ledgerDrift(ctx.database.db, a.id)).toEqual([]);
  });
});

describe('PUT profile/customization', () => {
  const choose = (token: string | undefined, payload: object) =>
    call(ctx.app, 'PUT', '/profile/customization', { token, payload });

  it('401, 403 for non-students, 400 for what the student does not own', async () => {
    expect((await choose(undefined, { fontId: null, iconId: null })).status).toBe(401);
    expect((await choose(tok.teacher, { fontId: null, iconId: null })).status).toBe(403);
    expect(await choose(tok.student, { fontId: 'anton', iconId: null })).toMatchObject({
      status: 400,
      body: { message: 'fontId: choose a font you own' },
    });
    expect(await choose(tok.student, { fontId: null, iconId: 'emoji-1f600' })).toMatchObject({
      status: 400,
      body: { message: 'iconId: choose an icon you own' },
    });
    expect(await choose(tok.student, { fontId: 5 })).toMatchObject({
      status: 400,
      body: { message: 'fontId must be a font id or null' },
    });
  });

  it('chooses a bought font and icon, shown on store/meta; a refund takes the choice away with the points', async () => {
    expect(await choose(tok.student, { fontId: 'comfortaa', iconId: 'emoji-1f33b' })).toMatchObject(
      { status: 200, body: { fontId: 'comfortaa', iconId: 'emoji-1f33b' } },
    );
    expect(await meta(tok.student)).toMatchObject({
      chosenFont: 'comfortaa',
      chosenIcon: 'emoji-1f33b',
    });
    const orders = (await call(ctx.app, 'GET', '/api/v2/order/student', { token: tok.student }))
      .body as any[];
    const fontOrder = orders.find((o) => o.store === 'fonts');
    const refund = await call(ctx.app, 'PUT', `/api/v2/order/${fontOrder._id}`, {
      token: tok.sm,
      payload: { action: 'REFUND' },
    });
    expect(refund.body.status).toBe('REFUNDED');
    expect(await meta(tok.student)).toMatchObject({ chosenFont: null, chosenIcon: 'emoji-1f33b' });
    // The student may not cancel a redeemed purchase.
    const iconOrder = orders.find((o) => o.store === 'icons');
    expect(
      await call(ctx.app, 'PUT', `/api/v2/order/${iconOrder._id}`, {
        token: tok.student,
        payload: { action: 'CANCEL' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: MSG.cancelRedeemed },
    });
    expect(await ledgerDrift(ctx.database.db, a.id)).toEqual([]);
  });
});

describe('GET /icons/{kind}/{file}', () => {
  it('serves the catalogue’s openmoji pictures, nothing else', async () => {
    const color = await ctx.app.inject({ method: 'GET', url: '/icons/color/1F600.svg' });
    expect(color.statusCode).toBe(200);
    expect(color.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(color.body).toContain('<svg');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/icons/black/1F600.svg' })).statusCode,
    ).toBe(200);
    for (const url of [
      '/icons/color/1F4A9.svg',
      '/icons/gold/1F600.svg',
      '/icons/color/..%2Fpackage.json',
    ])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
