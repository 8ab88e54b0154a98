import { addDays, MSG, todayIn } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { fund, makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
let a: SchoolRow;
let b: SchoolRow;
const p: Record<string, ProductRow> = {};

const save = (store: 'school' | 'teacher', token: string | undefined, payload: object) =>
  call(ctx.app, 'POST', `/products/${store}`, { token, payload });
const remove = (store: 'school' | 'teacher', token: string | undefined, id: string) =>
  call(ctx.app, 'DELETE', `/products/${store}/${id}`, { token });
const names = (body: { name: string }[]) => body.map((x) => x.name).sort();

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  b = await makeSchool(db);
  u.student = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.other = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.co = await makeUser(db, a, ['TEACHER']);
  u.t2 = await makeUser(db, a, ['TEACHER']);
  u.idle = await makeUser(db, a, ['TEACHER']); // no period: no store
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  u.asm = await makeUser(db, a, ['ASSISTANT_STORE_MANAGER']);
  u.admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  u.teacherB = await makeUser(db, b, ['TEACHER']);
  await makePeriod(db, a, u.teacher, [u.student], { coTeachers: [u.co.externalId] });
  await makePeriod(db, a, u.co, [u.student]);
  await makePeriod(db, a, u.t2, [u.other]);
  await makePeriod(db, b, u.teacherB, [await makeUser(db, b, ['STUDENT'])]);
  await fund(db, a, [u.student], 100);
  p.pencil = await makeProduct(db, a, { name: 'Pencil' });
  p.hidden = await makeProduct(db, a, { name: 'Hidden mug', active: false });
  p.pass = await makeProduct(db, a, {
    name: 'Homework pass',
    category: 'Privileges',
    teacherId: u.teacher.id,
  });
  p.passHidden = await makeProduct(db, a, {
    name: 'Nap pass',
    category: 'Privileges',
    teacherId: u.teacher.id,
    active: false,
  });
  p.coItem = await makeProduct(db, a, { name: 'Co sticker', teacherId: u.co.id });
  p.t2 = await makeProduct(db, a, { name: 'T2 seat', teacherId: u.t2.id });
  p.b = await makeProduct(db, b, { name: 'B pencil' });
  p.bTeacher = await makeProduct(db, b, { name: 'B pass', teacherId: u.teacherB.id });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

describe('GET products/school-store and products/teacher-store', () => {
  it('401 without a session', async () => {
    expect((await call(ctx.app, 'GET', '/products/school-store')).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/products/teacher-store')).status).toBe(401);
  });

  it('students see the shown school products and their teachers’ (co-teachers too) shown products, never other schools’', async () => {
    const school = await call(ctx.app, 'GET', '/products/school-store', { token: tok.student });
    expect(school.status).toBe(200);
    expect(names(school.body)).toEqual(['Pencil']);
    expect(school.body[0]).toEqual({
      _id: p.pencil!.id,
      name: 'Pencil',
      description: '',
      category: 'Items',
      price: 10,
      stock: 100,
      limitPerStudent: null,
      image: null,
      active: true,
      store: 'School',
      teacher: null,
    });
    const teachers = await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.student });
    expect(names(teachers.body)).toEqual(['Co sticker', 'Homework pass']);
    expect(teachers.body.find((x: any) => x.name === 'Homework pass').teacher).toEqual({
      _id: u.teacher!.id,
      firstName: u.teacher!.firstName,
      lastName: u.teacher!.lastName,
    });
    expect(
      names((await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.other })).body),
    ).toEqual(['T2 seat']);
  });

  it('the school store’s managers see hidden products; a teacher sees their whole store; other staff the shown teacher products', async () => {
    expect(
      names((await call(ctx.app, 'GET', '/products/school-store', { token: tok.sm })).body),
    ).toEqual(['Hidden mug', 'Pencil']);
    expect(
      names((await call(ctx.app, 'GET', '/products/school-store', { token: tok.asm })).body),
    ).toEqual(['Pencil']);
    expect(
      names((await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.teacher })).body),
    ).toEqual(['Homework pass', 'Nap pass']);
    expect(
      names((await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.admin })).body),
    ).toEqual(['Co sticker', 'Homework pass', 'T2 seat']);
    expect(
      names((await call(ctx.app, 'GET', '/products/school-store', { token: tok.adminB })).body),
    ).toEqual(['B pencil']);
    expect(
      names((await call(ctx.app, 'GET', '/products/teacher-store', { token: tok.adminB })).body),
    ).toEqual(['B pass']);
  });
});

describe('POST products/school and products/teacher', () => {
  const item = {
    name: 'Notebook',
    description: 'A5, lined',
    category: 'Items',
    price: 25,
    stock: 40,
    limitPerStudent: 2,
  };

  it('401 without a session', async () => {
    expect((await save('school', undefined, item)).status).toBe(401);
    expect((await save('teacher', undefined, item)).status).toBe(401);
  });

  it('400 with the spec messages and the field named', async () => {
    expect(await save('school', tok.sm, { ...item, name: 'x'.repeat(33) })).toMatchObject({
      status: 400,
      body: { message: MSG.nameTooLong },
    });
    expect(await save('school', tok.sm, { ...item, name: 'Pencil' })).toMatchObject({
      status: 400,
      body: { message: MSG.duplicateItemName },
    });
    expect(await save('school', tok.sm, { ...item, name: ' PENCIL ' })).toMatchObject({
      status: 400,
      body: { message: MSG.duplicateItemName },
    });
    expect(await save('school', tok.sm, { ...item, category: 'Food' })).toMatchObject({
      status: 400,
      body: { message: 'category must be one of Items, Privileges, Events' },
    });
    expect(await save('school', tok.sm, { ...item, price: 2.5 })).toMatchObject({
      status: 400,
      body: { message: 'price must be a whole number from 0 to 1000000' },
    });
    expect(await save('school', tok.sm, { ...item, stock: -3 })).toMatchObject({
      status: 400,
      body: { message: 'stock must be a whole number from 0 to 1000000' },
    });
    expect(await save('school', tok.sm, { category: 'Items', price: 1 })).toMatchObject({
      status: 400,
      body: { message: 'name is required' },
    });
    expect(await save('teacher', tok.teacher, { ...item, name: 'homework PASS' })).toMatchObject({
      status: 400,
      body: { message: MSG.duplicateItemName },
    });
  });

  it('403 for roles without the store, a teacher without a period, and another store’s product', async () => {
    for (const t of [tok.student, tok.teacher, tok.asm])
      expect((await save('school', t, item)).status).toBe(403);
    for (const t of [tok.student, tok.sm, tok.admin, tok.idle])
      expect((await save('teacher', t, item)).status).toBe(403);
    expect((await save('teacher', tok.teacher, { _id: p.t2!.id, price: 1 })).status).toBe(403);
    expect((await save('school', tok.sm, { _id: p.pass!.id, price: 1 })).status).toBe(403);
    expect((await save('teacher', tok.teacher, { _id: p.pencil!.id, price: 1 })).status).toBe(403);
  });

  it('404 for an unknown id or another school’s product', async () => {
    expect((await save('school', tok.sm, { _id: p.b!.id, price: 1 })).status).toBe(404);
    expect((await save('school', tok.adminB, { _id: p.pencil!.id, price: 1 })).status).toBe(404);
    expect((await save('school', tok.sm, { _id: 'nope', price: 1 })).status).toBe(404);
    expect((await save('teacher', tok.teacherB, { _id: p.pass!.id, price: 1 })).status).toBe(404);
  });

  it('creates, then a POST with _id updates only what it sends', async () => {
    const made = await save('school', tok.sm, item);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      ...item,
      image: null,
      active: true,
      store: 'School',
      teacher: null,
    });
    const hidden = await save('school', tok.admin, {
      _id: made.body._id,
      active: false,
      stock: null,
    });
    expect(hidden.body).toMatchObject({ ...item, _id: made.body._id, active: false, stock: null });
    const renamed = await save('school', tok.sm, {
      _id: made.body._id,
      name: 'Notebook XL',
      limitPerStudent: null,
    });
    expect(renamed.body).toMatchObject({
      name: 'Notebook XL',
      limitPerStudent: null,
      price: 25,
      active: false,
    });
    // Keeping its own name is no duplicate.
    expect((await save('school', tok.sm, { _id: made.body._id, name: 'notebook xl' })).status).toBe(
      200,
    );
  });

  it('a teacher’s store is their own: the same name may be in another store', async () => {
    const made = await save('teacher', tok.t2, {
      name: 'Homework pass',
      category: 'Privileges',
      price: 5,
      stock: null,
    });
    expect(made.body).toMatchObject({
      name: 'Homework pass',
      store: 'Teacher',
      teacher: { _id: u.t2!.id },
      stock: null,
    });
    expect(
      (await save('school', tok.sm, { name: 'Homework pass', category: 'Privileges', price: 5 }))
        .status,
    ).toBe(200);
  });
});

describe('DELETE products/school/{id} and products/teacher/{id}', () => {
  it('401, 403 for others, 404 for another school or a bad id', async () => {
    expect((await remove('school', undefined, p.pencil!.id)).status).toBe(401);
    expect((await remove('school', tok.teacher, p.pencil!.id)).status).toBe(403);
    expect((await remove('teacher', tok.t2, p.pass!.id)).status).toBe(403);
    expect((await remove('school', tok.adminB, p.pencil!.id)).status).toBe(404);
    expect((await remove('school', tok.sm, 'x')).status).toBe(404);
  });

  it('removes the product from the store; past orders keep its name and price; the name is free again', async () => {
    const db = ctx.database.db;
    const mug = await makeProduct(db, a, { name: 'Mug', price: 30 });
    const bought = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.student,
      payload: { orderItems: [{ productId: mug.id, quantity: 1 }] },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(await remove('school', tok.sm, mug.id)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(
      names((await call(ctx.app, 'GET', '/products/school-store', { token: tok.sm })).body),
    ).not.toContain('Mug');
    const mine = await call(ctx.app, 'GET', '/api/v2/order/student', { token: tok.student });
    expect(mine.body[0].orderItems).toEqual([
      { productId: mug.id, name: 'Mug', price: 30, quantity: 1, category: 'Items' },
    ]);
    expect((await remove('school', tok.sm, mug.id)).status).toBe(404);
    expect(
      (await save('school', tok.sm, { name: 'Mug', category: 'Items', price: 35 })).status,
    ).toBe(200);
    const gone = await call(ctx.app, 'POST', '/api/v2/order', {
      token: tok.student,
      payload: { orderItems: [{ productId: mug.id, quantity: 1 }] },
    });
    expect(gone).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    const own = await makeProduct(db, a, { name: 'Old pass', teacherId: u.teacher!.id });
    expect((await remove('teacher', tok.teacher, own.id)).status).toBe(200);
  });
});

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
