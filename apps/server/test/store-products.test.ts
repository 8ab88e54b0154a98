import { MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { makeProduct } from './helpers/store.js';
import { call } from './helpers/test-app.js';
import {
  a,
  ctx,
  names,
  p,
  remove,
  save,
  tok,
  u,
  useStoreProductsSchool,
} from './helpers/store-products-school.js';

useStoreProductsSchool();

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
