import type { Db } from '../../src/db/client.js';
import { deliveryDates, products, storeSettings } from '../../src/db/schema.js';
import { writeActivities } from '../../src/ledger/write.js';
import { schoolDay, typeByName } from './economy.js';
import type { SchoolRow, UserRow } from './factories.js';

export type ProductRow = typeof products.$inferSelect;

let seq = 0;

/** A school store product (or a teacher's, with `teacherId`), shown, 10 points, 100 in stock unless told. */
export async function makeProduct(
  db: Db,
  school: SchoolRow,
  over: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const [p] = await db
    .insert(products)
    .values({
      schoolId: school.id,
      store: over.teacherId ? 'Teacher' : 'School',
      name: `Item ${++seq}`,
      category: 'Items',
      price: 10,
      stock: 100,
      ...over,
    })
    .returning();
  return p!;
}

/** Gives students points through the ledger (one Kindness-like bonus activity each, of `points`). */
export async function fund(
  db: Db,
  school: SchoolRow,
  students: readonly UserRow[],
  points: number,
): Promise<void> {
  const type = await typeByName(db, school, 'Kindness');
  const date = await schoolDay(db, school);
  await db.transaction((tx) =>
    writeActivities(
      tx,
      school.id,
      students.map((s) => ({ studentId: s.id, type, points })),
      { date, comment: 'store test', periodId: null, groupId: null, givenBy: null },
    ),
  );
}

export async function closeStore(db: Db, school: SchoolRow, reopenDate: string | null) {
  await db
    .insert(storeSettings)
    .values({ schoolId: school.id, isOpen: false, reopenDate })
    .onConflictDoUpdate({ target: storeSettings.schoolId, set: { isOpen: false, reopenDate } });
}

export async function openStore(db: Db, school: SchoolRow) {
  await db
    .insert(storeSettings)
    .values({ schoolId: school.id, isOpen: true })
    .onConflictDoUpdate({
      target: storeSettings.schoolId,
      set: { isOpen: true, reopenDate: null },
    });
}

export async function addDeliveryDate(
  db: Db,
  school: SchoolRow,
  date: string,
  cutOffDate: string,
  gradeLevels: string[] = [],
) {
  const [d] = await db
    .insert(deliveryDates)
    .values({ schoolId: school.id, date, cutOffDate, gradeLevels })
    .returning();
  return d!;
}
