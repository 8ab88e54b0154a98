import { beforeAll } from 'vitest';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './factories.js';
import { fund, makeProduct, type ProductRow } from './store.js';
import { call, type TestContext, useTestApp } from './test-app.js';

export let ctx: TestContext;
export const u: Record<string, UserRow> = {};
export const tok: Record<string, string> = {};
export let a: SchoolRow;
export let b: SchoolRow;
export const p: Record<string, ProductRow> = {};

export const save = (store: 'school' | 'teacher', token: string | undefined, payload: object) =>
  call(ctx.app, 'POST', `/products/${store}`, { token, payload });

export const remove = (store: 'school' | 'teacher', token: string | undefined, id: string) =>
  call(ctx.app, 'DELETE', `/products/${store}/${id}`, { token });

export const names = (body: { name: string }[]) => body.map((x) => x.name).sort();

/** The shared setup of the store products and settings tests: call once at the top of each of their files. */
export function useStoreProductsSchool() {
  ctx = useTestApp();

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
}
