import { MSG } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorFor } from '../src/access/orders.js';
import type { AuthUser } from '../src/lib/auth-context.js';
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

/**
 * Whose order an actor may move (actorFor) and whose cart and wallet an order is for (buyerOf):
 * apps/server/src/access/orders.ts, read from the permission table for users of one role or of
 * several (a student who also teaches holds the union of both).
 */
const ctx = useTestApp();
let school: SchoolRow;
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
const p: Record<string, ProductRow> = {};

/** A school with the default settings, for users that need no database. */
const PLAIN = {
  hasHouseSystem: false,
  isHouseSystemConfigured: false,
  storeModel: 'Delivery',
  schoolType: 'Middle',
  canTeacherGiveAll: true,
  canNonAdminCreateCustomActions: true,
} as SchoolRow;

describe('actorFor', () => {
  const order = (over: object = {}) =>
    ({ studentId: 'S', store: 'Teacher' as const, teacherId: 'T', ...over }) as Parameters<
      typeof actorFor
    >[1];
  const who = (id: string, roles: string[]) =>
    ({ id, roles, externalId: id, periodCount: 0, school: PLAIN }) as unknown as AuthUser;

  it.each([
    ['its student', who('S', ['STUDENT']), order(), 'student'],
    ['its student, who also teaches', who('S', ['STUDENT', 'TEACHER']), order(), 'student'],
    ['the teacher of its store', who('T', ['TEACHER']), order(), 'staff'],
    ['the school store’s staff, any store', who('M', ['STORE_MANAGER']), order(), 'staff'],
    [
      'staff who also manage the school store',
      who('M', ['STAFF', 'STORE_MANAGER']),
      order({ store: 'School', teacherId: null }),
      'staff',
    ],
  ])('%s', (_w, user, o, actor) => {
    expect(actorFor(user, o)).toBe(actor);
  });

  it.each([
    ['another student', who('X', ['STUDENT']), order()],
    ['another teacher', who('X', ['TEACHER']), order()],
    [
      'a teacher, for a school store order',
      who('T', ['TEACHER']),
      order({ store: 'School', teacherId: null }),
    ],
    ['staff', who('X', ['STAFF']), order()],
  ])('refuses %s', (_w, user, o) => {
    expect(() => actorFor(user, o)).toThrow('This order belongs to another store.');
  });
});

describe('buyerOf: whose order it is', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    school = await makeSchool(db);
    u.teacher = await makeUser(db, school, ['TEACHER']);
    // A student who also teaches: a student of the teacher's class, the teacher of a class of their own.
    u.both = await makeUser(db, school, ['STUDENT', 'TEACHER'], { gradeLevel: '12' });
    u.pupil = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
    u.classmate = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
    await makePeriod(db, school, u.teacher, [u.both, u.classmate]);
    await makePeriod(db, school, u.both, [u.pupil], { periodNumber: 2 });
    await fund(db, school, [u.both, u.pupil, u.classmate], 100);
    p.school = await makeProduct(db, school, { name: 'Pencil', price: 1, stock: null });
    p.teachers = await makeProduct(db, school, {
      name: 'Teacher pass',
      price: 1,
      stock: null,
      teacherId: u.teacher.id,
    });
    p.own = await makeProduct(db, school, {
      name: 'Own pass',
      price: 1,
      stock: null,
      teacherId: u.both.id,
    });
    for (const k of ['teacher', 'both', 'classmate']) tok[k] = await signIn(ctx.app, u[k]!);
  });

  const order = (who: string, product: ProductRow, studentId?: string) =>
    call(ctx.app, 'POST', '/api/v2/order', {
      token: tok[who],
      payload: {
        orderItems: [{ productId: product.id, quantity: 1 }],
        ...(studentId ? { studentId } : {}),
      },
    });

  it('a student who also teaches buys for themselves, from the school store and their teacher’s', async () => {
    for (const product of [p.school!, p.teachers!]) {
      const res = await order('both', product);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orders[0].student._id).toBe(u.both!.id);
    }
  });

  it('a student who also teaches buys for a student of their class, from their own store only', async () => {
    const res = await order('both', p.own!, u.pupil!.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders[0].student._id).toBe(u.pupil!.id);
    expect((await order('both', p.school!, u.pupil!.id)).body.message).toBe(
      'A teacher orders for a student only from their own store.',
    );
    // Their classmate is in no class of theirs.
    expect((await order('both', p.own!, u.classmate!.id)).status).toBe(403);
  });

  it('a student alone orders only for themselves; a teacher alone names a student', async () => {
    const other = await order('classmate', p.school!, u.both!.id);
    expect([other.status, other.body.message]).toEqual([
      403,
      'Students order only for themselves.',
    ]);
    const none = await order('teacher', p.teachers!);
    expect([none.status, none.body.message]).toEqual([400, MSG.selectStudent]);
  });

  it('the store screen of a student who also teaches shows their member level', async () => {
    const res = await call(ctx.app, 'GET', '/store/meta', { token: tok.both });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
