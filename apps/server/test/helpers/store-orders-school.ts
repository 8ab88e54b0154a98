import { and, eq } from 'drizzle-orm';
import { todayIn } from '@app/domain';
import { beforeAll, beforeEach } from 'vitest';
import { products, wallets } from '../../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './factories.js';
import { fund, makeProduct, openStore, type ProductRow } from './store.js';
import { call, type TestContext, useTestApp } from './test-app.js';

export let ctx: TestContext;
export const u: Record<string, UserRow> = {};
export const tok: Record<string, string> = {};
export let a: SchoolRow;
export const p: Record<string, ProductRow> = {};
export let today: string;
export const v2 = (path: string) => `/api/v2/${path}`;

export const order = (
  token: string | undefined,
  payload: object,
  headers: Record<string, string> = {},
) => call(ctx.app, 'POST', v2('order'), { token, payload, headers });

export const item = (prod: ProductRow, quantity = 1) => ({ productId: prod.id, quantity });

export const balanceOf = async (user: UserRow) => {
  const [w] = await ctx.database.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.schoolId, user.schoolId), eq(wallets.studentId, user.id)));
  return Number(w?.balance ?? 0);
};

export const stockOf = async (prod: ProductRow) => {
  const [row] = await ctx.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, prod.id));
  return row!.stock;
};

/** The shared setup of the store-orders tests: call once at the top of each of their files. */
export function useStoreOrdersSchool() {
  ctx = useTestApp();

  beforeAll(async () => {
    const db = ctx.database.db;
    a = await makeSchool(db, { storeModel: 'Delivery' });
    const b = await makeSchool(db);
    today = todayIn(a.timeZone);
    u.s1 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
    u.s2 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7' });
    u.s3 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
    u.poor = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
    u.neg = await makeUser(db, a, ['STUDENT'], { gradeLevel: '6' });
    u.teacher = await makeUser(db, a, ['TEACHER']);
    u.t2 = await makeUser(db, a, ['TEACHER']);
    u.sm = await makeUser(db, a, ['STORE_MANAGER']);
    u.asm = await makeUser(db, a, ['ASSISTANT_STORE_MANAGER']);
    u.admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
    u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
    u.studentB = await makeUser(db, b, ['STUDENT']);
    await makePeriod(db, a, u.teacher, [u.s1, u.s2, u.poor, u.neg]);
    await makePeriod(db, a, u.t2, [u.s3]);
    await fund(db, a, [u.s1, u.s2, u.s3], 500);
    await fund(db, a, [u.poor], 5);
    await fund(db, a, [u.neg], -5);
    await fund(db, b, [u.studentB], 500);
    p.pencil = await makeProduct(db, a, { name: 'Pencil', price: 10, stock: 100 });
    p.free = await makeProduct(db, a, { name: 'Sticker', price: 0, stock: null });
    p.few = await makeProduct(db, a, { name: 'Hoodie', price: 20, stock: 2 });
    p.gone = await makeProduct(db, a, { name: 'Poster', price: 5, stock: 0 });
    p.limited = await makeProduct(db, a, {
      name: 'Lunch pass',
      category: 'Privileges',
      price: 5,
      stock: null,
      limitPerStudent: 2,
    });
    p.hidden = await makeProduct(db, a, { name: 'Secret', active: false });
    p.mine = await makeProduct(db, a, {
      name: 'Homework pass',
      category: 'Privileges',
      price: 15,
      stock: null,
      teacherId: u.teacher.id,
    });
    p.t2 = await makeProduct(db, a, {
      name: 'Front seat',
      category: 'Privileges',
      price: 5,
      teacherId: u.t2.id,
    });
    p.bPencil = await makeProduct(db, b, { name: 'B pencil' });
    for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
  });

  beforeEach(async () => {
    await openStore(ctx.database.db, a);
  });
}
