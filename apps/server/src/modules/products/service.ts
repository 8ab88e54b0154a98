import { and, asc, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  msg,
  productNameRefusal,
  type Product,
  type ProductBody,
  type ProductStore,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { products, users } from '../../db/schema.js';
import { keepsStoreOf, listedProducts } from '../../access/products.js';
import { preparedFor } from '../../db/prepared.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { holdPicture } from '../uploads/service.js';

type ProductRow = typeof products.$inferSelect;
type TeacherRef = { id: string; firstName: string; lastName: string } | null;
export type ProductWithTeacher = ProductRow & { teacher: TeacherRef };

const teacherUser = alias(users, 'product_teacher');

export const presentProduct = (p: ProductWithTeacher): Product => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  category: p.category,
  price: p.price,
  stock: p.stock,
  limitPerStudent: p.limitPerStudent,
  image: p.image,
  active: p.active,
  store: p.store,
  teacher:
    p.store === 'Teacher' && p.teacher
      ? { _id: p.teacher.id, firstName: p.teacher.firstName, lastName: p.teacher.lastName }
      : null,
});

/** The select of products (not deleted) of the school matching `where`, each with its teacher's name. */
const productsSelect = (db: Queryable, schoolId: string | Placeholder, where: SQL | undefined) =>
  db
    .select({
      p: products,
      t: { id: teacherUser.id, firstName: teacherUser.firstName, lastName: teacherUser.lastName },
    })
    .from(products)
    .leftJoin(
      teacherUser,
      and(eq(teacherUser.schoolId, products.schoolId), eq(teacherUser.id, products.teacherId)),
    )
    .where(and(eq(products.schoolId, schoolId), isNull(products.deletedAt), where))
    .orderBy(asc(products.category), asc(sql`lower(${products.name})`), asc(products.id));

type SelectedRow = Awaited<ReturnType<typeof productsSelect>>[number];
const withTeacher = (r: SelectedRow): ProductWithTeacher => ({
  ...r.p,
  teacher: r.t?.id ? r.t : null,
});

/** Products (not deleted) of the school matching `where`, each with its teacher's name. */
export async function productsWhere(
  db: Queryable,
  schoolId: string,
  where: SQL | undefined,
): Promise<ProductWithTeacher[]> {
  return (await productsSelect(db, schoolId, where)).map(withTeacher);
}

/** The store lists, one prepared statement per kind of caller (`listedProducts`). */
const listQueries = new Map<string, (db: Queryable) => ReturnType<typeof listQuery>>();
const listQuery = (db: Queryable, name: string, where: SQL) =>
  productsSelect(db, sql.placeholder('schoolId'), where).prepare(`products_${name}`);

async function listStore(db: Queryable, u: AuthUser, store: ProductStore): Promise<Product[]> {
  const { name, where } = listedProducts(u, store);
  let get = listQueries.get(name);
  if (!get) listQueries.set(name, (get = preparedFor((d) => listQuery(d, name, where))));
  const rows = await get(db).execute({ schoolId: u.schoolId, userId: u.id });
  return rows.map((r) => presentProduct(withTeacher(r)));
}

/** GET products/school-store: shown products; the store's managers see hidden ones too. */
export const listSchoolStore = (db: Queryable, u: AuthUser) => listStore(db, u, 'School');

/**
 * GET products/teacher-store: a teacher with a store their own products (hidden too); a student
 * their periods' teachers' shown products; anyone else every teacher's shown products.
 */
export const listTeacherStore = (db: Queryable, u: AuthUser) => listStore(db, u, 'Teacher');

/** A product of the caller's school in the store they manage: unknown or another school's → 404, another store's → 403. */
async function ownedProduct(
  db: Queryable,
  u: AuthUser,
  store: ProductStore,
  id: string,
): Promise<ProductRow> {
  if (!isUuid(id)) throw notFound(msg('msg.productNotFound'));
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.schoolId, u.schoolId), eq(products.id, id), isNull(products.deletedAt)));
  if (!p) throw notFound(msg('msg.productNotFound'));
  if (p.store !== store || !keepsStoreOf(u, p)) throw forbidden(msg('msg.otherStoresProduct'));
  return p;
}

const storeWhere = (u: AuthUser, store: ProductStore) =>
  store === 'School'
    ? and(eq(products.store, 'School'), isNull(products.teacherId))
    : and(eq(products.store, 'Teacher'), eq(products.teacherId, u.id));

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * POST products/school and products/teacher: creates a product, or with `_id` updates that one
 * (only the fields sent). Names are unique within the store (spec message); a concurrent twin is
 * caught by the unique index with the same message. `image` is null, or a picture uploaded for the
 * caller's school (400 otherwise).
 */
export async function saveProduct(
  db: Queryable,
  u: AuthUser,
  store: ProductStore,
  body: ProductBody,
): Promise<Product> {
  const existing = body._id !== undefined ? await ownedProduct(db, u, store, body._id) : null;
  const name = body.name ?? existing!.name;
  const others = await db
    .select({ name: products.name })
    .from(products)
    .where(
      and(
        eq(products.schoolId, u.schoolId),
        storeWhere(u, store),
        isNull(products.deletedAt),
        existing ? ne(products.id, existing.id) : undefined,
      ),
    );
  const refusal = productNameRefusal(
    name,
    others.map((o) => o.name),
  );
  if (refusal) throw badRequest(refusal);
  const fields = {
    name,
    description: body.description === undefined ? undefined : (body.description ?? ''),
    category: body.category,
    price: body.price,
    stock: body.stock,
    limitPerStudent: body.limitPerStudent,
    image: body.image === undefined ? undefined : body.image || null,
    active: body.active,
  };
  let saved: ProductRow;
  try {
    saved = await db.transaction(async (tx) => {
      // The picture must be one uploaded for this school; held until the product is written, so
      // the cleanup job cannot remove it in between (docs/decisions/061-product-pictures.md).
      if (fields.image && !(await holdPicture(tx, u.schoolId, fields.image)))
        throw badRequest(msg('msg.pictureNotUploaded'));
      if (existing) {
        const [row] = await tx
          .update(products)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(eq(products.schoolId, u.schoolId), eq(products.id, existing.id)))
          .returning();
        return row!;
      }
      const [row] = await tx
        .insert(products)
        .values({
          ...fields,
          schoolId: u.schoolId,
          store,
          teacherId: store === 'Teacher' ? u.id : null,
          category: body.category!,
          price: body.price!,
          description: fields.description ?? '',
        })
        .returning();
      return row!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(msg('msg.duplicateItemName'));
    throw e;
  }
  const teacher =
    store === 'Teacher' ? { id: u.id, firstName: u.firstName, lastName: u.lastName } : null;
  return presentProduct({ ...saved, teacher });
}

/** DELETE products/school/{id} and products/teacher/{id}: the product goes; past orders keep their snapshot. */
export async function deleteProduct(
  db: Queryable,
  u: AuthUser,
  store: ProductStore,
  id: string,
): Promise<void> {
  const p = await ownedProduct(db, u, store, id);
  await db
    .update(products)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(and(eq(products.schoolId, u.schoolId), eq(products.id, p.id)));
}
