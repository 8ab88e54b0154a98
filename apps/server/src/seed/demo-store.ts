import { addDays, todayIn, weekdayOf } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { deliveryDates, products } from '../db/schema.js';

/** The next `weekday` (0 Sunday … 6 Saturday) after `date`. */
function nextWeekday(date: string, weekday: number): string {
  let d = addDays(date, 1);
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/**
 * The demo school's store: school store products in each category (one hidden, one sold out, one
 * limited per student), two teachers' stores, and delivery on the next three Fridays with the
 * Wednesday before as cut-off (the first for grade 6 only).
 */
export async function seedDemoStore(
  tx: Queryable,
  school: { id: string; timeZone: string },
  teachers: { id: string }[],
): Promise<void> {
  const s = school.id;
  const item = (
    name: string,
    category: 'Items' | 'Privileges' | 'Events',
    price: number,
    over: Partial<typeof products.$inferInsert> = {},
  ) => ({
    schoolId: s,
    store: 'School' as const,
    name,
    category,
    price,
    stock: 25,
    ...over,
  });
  await tx.insert(products).values([
    item('Pencil set', 'Items', 15, { description: 'Four HB pencils and an eraser.', stock: 60 }),
    item('School hoodie', 'Items', 250, {
      description: 'Navy, sizes S to XL: say your size at pickup.',
      stock: 12,
      limitPerStudent: 1,
    }),
    item('Water bottle', 'Items', 120, { stock: 0 }),
    item('Sticker pack', 'Items', 10, { stock: null }),
    item('Notebook', 'Items', 30, { description: 'A5, lined.' }),
    item('Lunch with a friend', 'Privileges', 80, {
      description: 'In the library, on a day you choose with the librarian.',
      stock: 10,
      limitPerStudent: 1,
    }),
    item('Front of the lunch line', 'Privileges', 40, { stock: null, limitPerStudent: 2 }),
    item('Homework pass', 'Privileges', 100, { stock: null, limitPerStudent: 1, active: false }),
    item('Movie afternoon', 'Events', 150, {
      description: 'Friday after school in the auditorium, popcorn included.',
      stock: 40,
    }),
    item('Dance ticket', 'Events', 200, { stock: 100, limitPerStudent: 1 }),
  ]);
  await seedTeacherStores(tx, s, teachers);
  await seedDeliveryDates(tx, school);
}

/** Two teachers' stores: the first teacher's three products, the second's two. */
async function seedTeacherStores(tx: Queryable, s: string, teachers: { id: string }[]) {
  const [t1, t2] = teachers;
  if (t1)
    await tx.insert(products).values([
      {
        schoolId: s,
        store: 'Teacher',
        teacherId: t1.id,
        name: 'Choose your seat',
        category: 'Privileges',
        price: 20,
        stock: null,
        limitPerStudent: 1,
      },
      {
        schoolId: s,
        store: 'Teacher',
        teacherId: t1.id,
        name: 'Math puzzle book',
        category: 'Items',
        price: 35,
        stock: 8,
      },
      {
        schoolId: s,
        store: 'Teacher',
        teacherId: t1.id,
        name: 'Music during work time',
        category: 'Privileges',
        price: 25,
        stock: null,
      },
    ]);
  if (t2)
    await tx.insert(products).values([
      {
        schoolId: s,
        store: 'Teacher',
        teacherId: t2.id,
        name: 'Lab assistant for a day',
        category: 'Privileges',
        price: 50,
        stock: 3,
      },
      {
        schoolId: s,
        store: 'Teacher',
        teacherId: t2.id,
        name: 'Crystal growing kit',
        category: 'Items',
        price: 90,
        stock: 5,
      },
    ]);
}

/** Delivery on the next three Fridays, the Wednesday before as cut-off (the first for grade 6 only). */
async function seedDeliveryDates(tx: Queryable, school: { id: string; timeZone: string }) {
  const s = school.id;
  const today = todayIn(school.timeZone);
  let friday = nextWeekday(today, 5);
  const dates = [];
  for (let i = 0; i < 3; i++, friday = addDays(friday, 7))
    dates.push({
      schoolId: s,
      date: friday,
      cutOffDate: addDays(friday, -2),
      gradeLevels: i === 0 ? ['6'] : [],
    });
  await tx.insert(deliveryDates).values(dates);
}
