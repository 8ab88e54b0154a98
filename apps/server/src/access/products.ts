import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductStore } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { periodStudents, periods, products, users } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { periodAlias, teachesSql } from './periods.js';
import { mayDo } from './permission.js';

/**
 * Who shops for themselves (a cart, orders for themselves, from the school store and their
 * teachers' stores): whoever the permission table gives a cart (`cart:use`).
 */
export const shopsForThemselves = (u: AuthUser): boolean => mayDo(u, 'cart:use');

/** The teachers whose stores a student shops in: those who teach or co-teach a period of theirs. */
export async function teachersOfStudent(
  db: Queryable,
  schoolId: string,
  studentId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(periodStudents)
    .innerJoin(
      periods,
      and(eq(periods.schoolId, periodStudents.schoolId), eq(periods.id, periodStudents.periodId)),
    )
    .innerJoin(users, and(eq(users.schoolId, periods.schoolId), teachesSql(periods, users)))
    .where(and(eq(periodStudents.schoolId, schoolId), eq(periodStudents.studentId, studentId)));
  return rows.map((r) => r.id);
}

/** What a student may put in their cart and buy: the shown products of the school store and of their teachers' stores. */
export function onSaleToStudent(teachers: readonly string[]): SQL {
  const mine = teachers.length
    ? and(eq(products.store, 'Teacher'), inArray(products.teacherId, [...teachers]))
    : sql`false`;
  return and(eq(products.active, true), sql`(${eq(products.store, 'School')} or ${mine})`)!;
}

/**
 * The products of one store a user sees listed, as a named condition on `products` (one prepared
 * statement per name; the placeholders `schoolId` and `userId` stand for the caller):
 * - the school store: its managers (`store:manageSchool`) every product, hidden too; others the shown ones;
 * - teacher stores: a teacher with a store (`store:manageTeacher`) their own, hidden too; a student
 *   (`shopsForThemselves`) the shown products of their teachers; anyone else every shown product.
 */
export function listedProducts(u: AuthUser, store: ProductStore): { name: string; where: SQL } {
  const shown = eq(products.active, true);
  if (store === 'School')
    return mayDo(u, 'store:manageSchool')
      ? { name: 'school_all', where: eq(products.store, 'School') }
      : { name: 'school_shown', where: and(eq(products.store, 'School'), shown)! };
  const teacherStore = eq(products.store, 'Teacher');
  if (mayDo(u, 'store:manageTeacher'))
    return {
      name: 'teacher_own',
      where: and(teacherStore, eq(products.teacherId, sql.placeholder('userId')))!,
    };
  if (shopsForThemselves(u))
    return {
      name: 'teacher_of_student',
      where: and(
        teacherStore,
        shown,
        sql`${products.teacherId} in (
          select t.id from ${periodStudents} ps
          join ${periods} p on p.school_id = ps.school_id and p.id = ps.period_id
          join ${users} t on t.school_id = p.school_id and ${teachesSql(periodAlias('p'), { id: sql.raw('t.id'), externalId: sql.raw('t.external_id') })}
          where ps.school_id = ${sql.placeholder('schoolId')} and ps.student_id = ${sql.placeholder('userId')})`,
      )!,
    };
  return { name: 'teacher_shown', where: and(teacherStore, shown)! };
}

/** A product's store keeper: the teacher of a teacher store's product; for the school store's, whoever manages it. */
export const keepsStoreOf = (
  u: AuthUser,
  p: Pick<typeof products.$inferSelect, 'store' | 'teacherId'>,
): boolean => (p.store === 'School' ? mayDo(u, 'store:manageSchool') : p.teacherId === u.id);
