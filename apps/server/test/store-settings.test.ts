import { addDays, todayIn } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { call } from './helpers/test-app.js';
import { a, b, ctx, p, tok, useStoreProductsSchool } from './helpers/store-products-school.js';

useStoreProductsSchool();

describe('GET store/meta and PUT settings/store', () => {
  it('401 without a session', async () => {
    expect((await call(ctx.app, 'GET', '/store/meta')).status).toBe(401);
    expect(
      (await call(ctx.app, 'PUT', '/settings/store', { payload: { isOpen: false } })).status,
    ).toBe(401);
  });

  it('store/meta: open state, categories, the caller’s next delivery date, the fonts with ownership', async () => {
    const meta = await call(ctx.app, 'GET', '/store/meta', { token: tok.student });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      isOpen: true,
      reopenDate: null,
      categories: ['Items', 'Privileges', 'Events'],
      nextDeliveryDate: null,
    });
    expect(meta.body.fonts).toHaveLength(15);
    expect(meta.body.fonts[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      price: expect.any(Number),
      image: expect.stringMatching(/\.svg$/),
      fontFamily: expect.any(String),
      owned: false,
    });
  });

  it('400 with the field named, 403 for roles without the setting', async () => {
    expect(
      await call(ctx.app, 'PUT', '/settings/store', { token: tok.sm, payload: {} }),
    ).toMatchObject({ status: 400, body: { message: 'isOpen must be true or false' } });
    expect(
      await call(ctx.app, 'PUT', '/settings/store', {
        token: tok.sm,
        payload: { isOpen: false, reopenDate: '2020-01-01' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'reopenDate must be after today' },
    });
    for (const t of [tok.student, tok.teacher, tok.asm])
      expect(
        (await call(ctx.app, 'PUT', '/settings/store', { token: t, payload: { isOpen: false } }))
          .status,
      ).toBe(403);
  });

  it('closing with a reopening date shows on store/meta and refuses orders; opening again lets them through; other schools are not touched', async () => {
    const reopen = addDays(todayIn(a.timeZone), 4);
    const closed = await call(ctx.app, 'PUT', '/settings/store', {
      token: tok.sm,
      payload: { isOpen: false, reopenDate: reopen },
    });
    expect(closed).toMatchObject({ status: 200, body: { isOpen: false, reopenDate: reopen } });
    expect((await call(ctx.app, 'GET', '/store/meta', { token: tok.student })).body).toMatchObject({
      isOpen: false,
      reopenDate: reopen,
    });
    expect((await call(ctx.app, 'GET', '/store/meta', { token: tok.adminB })).body).toMatchObject({
      isOpen: true,
    });
    const refused = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.student,
      payload: { orderItems: [{ productId: p.pencil!.id, quantity: 1 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The store is closed\. It will reopen on /);
    expect(
      (
        await call(ctx.app, 'PUT', '/settings/store', {
          token: tok.admin,
          payload: { isOpen: true },
        })
      ).body,
    ).toEqual({ isOpen: true, reopenDate: null });
    const ok = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.student,
      payload: { orderItems: [{ productId: p.pencil!.id, quantity: 1 }] },
    });
    expect(ok.status).toBe(200);
  });
});

describe('settings/delivery-date', () => {
  const base = () => todayIn(a.timeZone);

  it('401 and 403 for every call', async () => {
    const calls: [string, string, object | undefined][] = [
      ['GET', '/settings/delivery-date', undefined],
      [
        'POST',
        '/settings/delivery-date',
        { date: addDays(base(), 5), cutOffDate: addDays(base(), 3) },
      ],
      ['PUT', '/settings/delivery-date', { storeModel: 'Pickup', deliveryDates: [] }],
      [
        'PUT',
        `/settings/delivery-date/${p.pencil!.id}`,
        { date: addDays(base(), 5), cutOffDate: addDays(base(), 3) },
      ],
      ['DELETE', `/settings/delivery-date/${p.pencil!.id}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (await call(ctx.app, method as never, url, { payload })).status,
        `${method} ${url}`,
      ).toBe(401);
      for (const t of [tok.student, tok.teacher, tok.asm])
        expect(
          (await call(ctx.app, method as never, url, { token: t, payload })).status,
          `${method} ${url}`,
        ).toBe(403);
    }
  });

  it('400 with the field named', async () => {
    const post = (payload: object) =>
      call(ctx.app, 'POST', '/settings/delivery-date', { token: tok.sm, payload });
    expect(await post({ date: addDays(base(), 5), cutOffDate: addDays(base(), 6) })).toMatchObject({
      status: 400,
      body: { message: 'cutOffDate must be on or before date' },
    });
    expect(await post({ date: 'monday', cutOffDate: addDays(base(), 6) })).toMatchObject({
      status: 400,
      body: { message: 'date must be a date (YYYY-MM-DD)' },
    });
    expect(
      await call(ctx.app, 'PUT', '/settings/delivery-date', {
        token: tok.sm,
        payload: { storeModel: 'Drone', deliveryDates: [] },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'storeModel must be one of Pickup, Delivery' },
    });
  });

  it('creates, updates, lists and deletes dates; the next delivery date follows the caller’s grade; 404 across schools', async () => {
    const t = base();
    const all = await call(ctx.app, 'POST', '/settings/delivery-date', {
      token: tok.sm,
      payload: { date: addDays(t, 9), cutOffDate: addDays(t, 7) },
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      _id: expect.any(String),
      date: addDays(t, 9),
      cutOffDate: addDays(t, 7),
      gradeLevels: [],
    });
    const g7 = await call(ctx.app, 'POST', '/settings/delivery-date', {
      token: tok.admin,
      payload: { date: addDays(t, 2), cutOffDate: addDays(t, 1), gradeLevels: ['7'] },
    });
    expect(
      (await call(ctx.app, 'GET', '/store/meta', { token: tok.student })).body.nextDeliveryDate,
    ).toEqual(all.body);
    const moved = await call(ctx.app, 'PUT', `/settings/delivery-date/${g7.body._id}`, {
      token: tok.sm,
      payload: { date: addDays(t, 2), cutOffDate: addDays(t, 1), gradeLevels: ['6'] },
    });
    expect(moved.body.gradeLevels).toEqual(['6']);
    expect(
      (await call(ctx.app, 'GET', '/store/meta', { token: tok.student })).body.nextDeliveryDate._id,
    ).toBe(g7.body._id);
    // A teacher (no grade) gets the next unrestricted date.
    expect(
      (await call(ctx.app, 'GET', '/store/meta', { token: tok.teacher })).body.nextDeliveryDate._id,
    ).toBe(all.body._id);
    const list = await call(ctx.app, 'GET', '/settings/delivery-date', { token: tok.sm });
    expect(list.body).toMatchObject({
      _id: a.id,
      deliveryDates: [{ _id: g7.body._id }, { _id: all.body._id }],
    });
    expect(
      (
        await call(ctx.app, 'PUT', `/settings/delivery-date/${g7.body._id}`, {
          token: tok.adminB,
          payload: { date: addDays(t, 2), cutOffDate: t },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'DELETE', `/settings/delivery-date/${g7.body._id}`, {
          token: tok.adminB,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', '/settings/delivery-date/nope', { token: tok.sm })).status,
    ).toBe(404);
    expect(
      await call(ctx.app, 'DELETE', `/settings/delivery-date/${g7.body._id}`, { token: tok.sm }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(
      (await call(ctx.app, 'GET', '/settings/delivery-date', { token: tok.sm })).body.deliveryDates,
    ).toHaveLength(1);
  });

  it('PUT settings/delivery-date replaces the list and sets the store model', async () => {
    const t = base();
    const kept = (await call(ctx.app, 'GET', '/settings/delivery-date', { token: tok.sm })).body
      .deliveryDates[0];
    const res = await call(ctx.app, 'PUT', '/settings/delivery-date', {
      token: tok.sm,
      payload: {
        storeModel: 'Pickup',
        deliveryDates: [
          { ...kept, cutOffDate: addDays(t, 8) },
          { date: addDays(t, 20), cutOffDate: addDays(t, 15), gradeLevels: ['6', '7'] },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.storeModel).toBe('Pickup');
    expect(res.body.deliveryDates).toEqual([
      { _id: kept._id, date: kept.date, cutOffDate: addDays(t, 8), gradeLevels: [] },
      {
        _id: expect.any(String),
        date: addDays(t, 20),
        cutOffDate: addDays(t, 15),
        gradeLevels: ['6', '7'],
      },
    ]);
    expect(
      (await call(ctx.app, 'GET', '/settings/delivery-date', { token: tok.adminB })).body,
    ).toEqual({ _id: b.id, storeModel: 'Pickup', deliveryDates: [] });
    const emptied = await call(ctx.app, 'PUT', '/settings/delivery-date', {
      token: tok.admin,
      payload: { storeModel: 'Delivery', deliveryDates: [] },
    });
    expect(emptied.body).toEqual({ _id: a.id, storeModel: 'Delivery', deliveryDates: [] });
  });
});
