import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  msg,
  type DeliveryDate,
  type DeliveryDateBody,
  type DeliverySettings,
  type DeliverySettingsBody,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { deliveryDates, schools } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';

type DeliveryDateRow = typeof deliveryDates.$inferSelect;

const presentDeliveryDate = (
  d: Pick<DeliveryDateRow, 'id' | 'date' | 'cutOffDate' | 'gradeLevels'>,
): DeliveryDate => ({
  _id: d.id,
  date: d.date,
  cutOffDate: d.cutOffDate,
  gradeLevels: d.gradeLevels,
});

/** The school's delivery dates, earliest first. */
async function listDeliveryDates(db: Queryable, schoolId: string): Promise<DeliveryDate[]> {
  const rows = await db
    .select()
    .from(deliveryDates)
    .where(eq(deliveryDates.schoolId, schoolId))
    .orderBy(asc(deliveryDates.date), asc(deliveryDates.cutOffDate), asc(deliveryDates.id));
  return rows.map(presentDeliveryDate);
}

async function storeModelOf(db: Queryable, schoolId: string): Promise<string> {
  const [s] = await db
    .select({ storeModel: schools.storeModel })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return s?.storeModel ?? 'Pickup';
}

/** GET settings/delivery-date: the store model and every date. */
export async function deliverySettings(db: Queryable, u: AuthUser): Promise<DeliverySettings> {
  return {
    _id: u.schoolId,
    storeModel: await storeModelOf(db, u.schoolId),
    deliveryDates: await listDeliveryDates(db, u.schoolId),
  };
}

/** POST settings/delivery-date. */
export async function createDeliveryDate(
  db: Queryable,
  u: AuthUser,
  body: DeliveryDateBody,
): Promise<DeliveryDate> {
  const [row] = await db
    .insert(deliveryDates)
    .values({ schoolId: u.schoolId, ...body })
    .returning();
  return presentDeliveryDate(row!);
}

/** PUT settings/delivery-date/{id}: unknown or another school's → 404. */
export async function updateDeliveryDate(
  db: Queryable,
  u: AuthUser,
  id: string,
  body: DeliveryDateBody,
): Promise<DeliveryDate> {
  if (!isUuid(id)) throw notFound(msg('msg.deliveryDateNotFound'));
  const [row] = await db
    .update(deliveryDates)
    .set(body)
    .where(and(eq(deliveryDates.schoolId, u.schoolId), eq(deliveryDates.id, id)))
    .returning();
  if (!row) throw notFound(msg('msg.deliveryDateNotFound'));
  return presentDeliveryDate(row);
}

/** DELETE settings/delivery-date/{id}: orders keep the dates they were given. */
export async function deleteDeliveryDate(db: Queryable, u: AuthUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(msg('msg.deliveryDateNotFound'));
  const gone = await db
    .delete(deliveryDates)
    .where(and(eq(deliveryDates.schoolId, u.schoolId), eq(deliveryDates.id, id)))
    .returning({ id: deliveryDates.id });
  if (!gone.length) throw notFound(msg('msg.deliveryDateNotFound'));
}

/**
 * PUT settings/delivery-date: the school's store model and its whole list of dates at once.
 * Entries carrying the `_id` of one of the school's dates update it; others are new; dates left
 * out are removed.
 */
export async function replaceDeliverySettings(
  db: Db,
  u: AuthUser,
  body: DeliverySettingsBody,
): Promise<DeliverySettings> {
  return db.transaction(async (tx) => {
    await tx.update(schools).set({ storeModel: body.storeModel }).where(eq(schools.id, u.schoolId));
    const wanted = body.deliveryDates
      .map((d) => d._id)
      .filter((id): id is string => !!id && isUuid(id));
    const existing = wanted.length
      ? new Set(
          (
            await tx
              .select({ id: deliveryDates.id })
              .from(deliveryDates)
              .where(and(eq(deliveryDates.schoolId, u.schoolId), inArray(deliveryDates.id, wanted)))
          ).map((r) => r.id),
        )
      : new Set<string>();
    await tx
      .delete(deliveryDates)
      .where(
        and(
          eq(deliveryDates.schoolId, u.schoolId),
          existing.size ? notInArray(deliveryDates.id, [...existing]) : undefined,
        ),
      );
    const fresh = [];
    for (const { _id, ...d } of body.deliveryDates) {
      if (_id && existing.has(_id))
        await tx
          .update(deliveryDates)
          .set(d)
          .where(and(eq(deliveryDates.schoolId, u.schoolId), eq(deliveryDates.id, _id)));
      else fresh.push({ schoolId: u.schoolId, ...d });
    }
    if (fresh.length) await tx.insert(deliveryDates).values(fresh);
    return {
      _id: u.schoolId,
      storeModel: body.storeModel,
      deliveryDates: await listDeliveryDates(tx, u.schoolId),
    };
  });
}
