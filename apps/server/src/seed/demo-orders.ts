import { and, eq, inArray } from 'drizzle-orm';
import {
  deliveryMode,
  itemsTotal,
  nextDeliveryDateOn,
  todayIn,
  type OrderStatus,
} from '@app/domain';
import type { Queryable } from '../db/client.js';
import { credentials, deliveryDates, products, users, wallets } from '../db/schema.js';
import { noteOrderMoves } from '../ledger/notices.js';
import { moveOrders, writeOrders, type NewOrder } from '../ledger/orders.js';
import { adjustStock } from '../ledger/stock.js';

/** One demo order: whose (studentN), how many school days ago (0 the last one), which store, what, and where it got to. */
interface PlannedOrder {
  student: number;
  daysAgo: number;
  /** The school store, or the store of the teacher with this sign-in (one of the student's teachers). */
  store: 'School' | 'teacher1' | 'teacher2';
  items: readonly (readonly [name: string, quantity: number])[];
  status: OrderStatus;
}

/**
 * The demo's orders: student10 has one in every status (the student screens and Pickup show each),
 * eight more students a few each, in the school store and teacher1's and teacher2's (students of
 * their classes). Not students 1 to 5: the end-to-end tests start those with no order. Recent ones are still to collect, older ones collected; some canceled or
 * refunded (their points and stock given back).
 */
const PLAN: readonly PlannedOrder[] = [
  { student: 10, daysAgo: 14, store: 'School', items: [['Sticker pack', 1]], status: 'REFUNDED' },
  { student: 10, daysAgo: 12, store: 'School', items: [['Pencil set', 1]], status: 'REDEEMED' },
  {
    student: 10,
    daysAgo: 9,
    store: 'teacher1',
    items: [['Choose your seat', 1]],
    status: 'REDEEMED',
  },
  {
    student: 10,
    daysAgo: 6,
    store: 'School',
    items: [['Front of the lunch line', 1]],
    status: 'CANCELED',
  },
  { student: 10, daysAgo: 3, store: 'School', items: [['Notebook', 1]], status: 'PACKAGED' },
  { student: 10, daysAgo: 0, store: 'School', items: [['Sticker pack', 2]], status: 'PENDING' },
  {
    student: 11,
    daysAgo: 10,
    store: 'School',
    items: [['Notebook', 1]],
    status: 'REDEEMED',
  },
  { student: 11, daysAgo: 2, store: 'School', items: [['Pencil set', 1]], status: 'PACKAGED' },
  {
    student: 11,
    daysAgo: 0,
    store: 'teacher1',
    items: [['Math puzzle book', 1]],
    status: 'PENDING',
  },
  { student: 12, daysAgo: 7, store: 'School', items: [['Notebook', 1]], status: 'REDEEMED' },
  {
    student: 12,
    daysAgo: 4,
    store: 'teacher2',
    items: [['Crystal growing kit', 1]],
    status: 'CANCELED',
  },
  {
    student: 12,
    daysAgo: 1,
    store: 'School',
    items: [['Front of the lunch line', 1]],
    status: 'PENDING',
  },
  { student: 14, daysAgo: 13, store: 'School', items: [['Notebook', 1]], status: 'REFUNDED' },
  {
    student: 14,
    daysAgo: 11,
    store: 'teacher1',
    items: [['Music during work time', 1]],
    status: 'REDEEMED',
  },
  {
    student: 14,
    daysAgo: 3,
    store: 'School',
    items: [['Sticker pack', 1]],
    status: 'PACKAGED',
  },
  {
    student: 14,
    daysAgo: 0,
    store: 'teacher2',
    items: [['Lab assistant for a day', 1]],
    status: 'PENDING',
  },
  {
    student: 6,
    daysAgo: 8,
    store: 'School',
    items: [['Front of the lunch line', 1]],
    status: 'REDEEMED',
  },
  {
    student: 6,
    daysAgo: 5,
    store: 'School',
    items: [['Lunch with a friend', 1]],
    status: 'CANCELED',
  },
  {
    student: 6,
    daysAgo: 1,
    store: 'School',
    items: [
      ['Pencil set', 1],
      ['Notebook', 1],
    ],
    status: 'PENDING',
  },
  { student: 7, daysAgo: 15, store: 'School', items: [['Pencil set', 1]], status: 'REDEEMED' },
  {
    student: 7,
    daysAgo: 4,
    store: 'teacher1',
    items: [['Choose your seat', 1]],
    status: 'PACKAGED',
  },
  { student: 7, daysAgo: 0, store: 'School', items: [['Sticker pack', 1]], status: 'PENDING' },
  {
    student: 8,
    daysAgo: 16,
    store: 'School',
    items: [['Front of the lunch line', 1]],
    status: 'REFUNDED',
  },
  {
    student: 8,
    daysAgo: 12,
    store: 'teacher2',
    items: [['Lab assistant for a day', 1]],
    status: 'REDEEMED',
  },
  { student: 8, daysAgo: 2, store: 'School', items: [['Notebook', 1]], status: 'PACKAGED' },
  {
    student: 9,
    daysAgo: 3,
    store: 'teacher1',
    items: [['Math puzzle book', 1]],
    status: 'PACKAGED',
  },
  { student: 9, daysAgo: 1, store: 'School', items: [['Pencil set', 1]], status: 'CANCELED' },
  { student: 9, daysAgo: 0, store: 'School', items: [['Notebook', 1]], status: 'PENDING' },
  { student: 15, daysAgo: 6, store: 'School', items: [['Sticker pack', 2]], status: 'REDEEMED' },
  { student: 15, daysAgo: 2, store: 'School', items: [['Pencil set', 1]], status: 'PACKAGED' },
  {
    student: 15,
    daysAgo: 1,
    store: 'School',
    items: [['Front of the lunch line', 1]],
    status: 'PENDING',
  },
];

/** The moves from PENDING that reach each status, as the store (or the student, for a cancel) made them. */
const PATH: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: [],
  PACKAGED: ['PACKAGED'],
  REDEEMED: ['PACKAGED', 'REDEEMED'],
  CANCELED: ['CANCELED'],
  REFUNDED: ['PACKAGED', 'REDEEMED', 'REFUNDED'],
};
const SPENDS = (s: OrderStatus) => s !== 'CANCELED' && s !== 'REFUNDED';

/**
 * Writes PLAN through the ledger's own order code: each order placed on its day (wallet, rollup
 * and stock as a purchase books them), then moved along its path by `moveOrders` (a cancel or
 * refund gives points and stock back) with the student's notices, as the store screens do. An
 * order its student could not afford at the end (a demo seeded early in the year, with little
 * history) is left out. `days` are the school days seeded, newest first.
 */
export async function seedDemoOrders(
  tx: Queryable,
  school: { id: string; timeZone: string; storeModel: string },
  days: readonly string[],
): Promise<void> {
  const planned = await planDemoOrders(tx, school, days);
  if (!planned.length) return;
  const ids = await placeDemoOrders(tx, school.id, planned);
  await moveDemoOrders(tx, school.id, planned, ids);
}

type Planned = { order: NewOrder; date: string; status: OrderStatus };

/** PLAN's orders with their students, products and delivery dates; those a student cannot afford left out. */
async function planDemoOrders(
  tx: Queryable,
  school: { id: string; timeZone: string; storeModel: string },
  days: readonly string[],
): Promise<Planned[]> {
  const s = school.id;
  const today = todayIn(school.timeZone);
  const names = [...new Set(PLAN.flatMap((o) => [`student${o.student}`, o.store]))];
  const people = await tx
    .select({ username: credentials.username, id: users.id, gradeLevel: users.gradeLevel })
    .from(credentials)
    .innerJoin(
      users,
      and(eq(users.schoolId, credentials.schoolId), eq(users.id, credentials.userId)),
    )
    .where(and(eq(credentials.schoolId, s), inArray(credentials.username, names)));
  const who = new Map(people.map((p) => [p.username, p]));
  const catalogue = await tx.select().from(products).where(eq(products.schoolId, s));
  const balances = await tx
    .select({ studentId: wallets.studentId, balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.schoolId, s));
  const left = new Map(balances.map((b) => [b.studentId, Number(b.balance)]));
  const dates = await tx.select().from(deliveryDates).where(eq(deliveryDates.schoolId, s));
  const dateOf = (daysAgo: number) => days[Math.min(daysAgo, days.length - 1)] ?? today;

  const planned: Planned[] = [];
  for (const o of PLAN) {
    const student = who.get(`student${o.student}`);
    const teacherId = o.store === 'School' ? null : (who.get(o.store)?.id ?? null);
    if (!student || (o.store !== 'School' && !teacherId)) continue;
    const items = o.items.map(([name, quantity]) => {
      const p = catalogue.find(
        (c) =>
          c.name === name &&
          c.store === (teacherId ? 'Teacher' : 'School') &&
          c.teacherId === teacherId,
      );
      if (!p) throw new Error(`demo order of a product the demo store has not: ${name}`);
      return { productId: p.id, name: p.name, price: p.price, quantity, category: p.category };
    });
    const total = itemsTotal(items);
    if (SPENDS(o.status)) {
      const balance = left.get(student.id) ?? 0;
      if (balance < total) continue;
      left.set(student.id, balance - total);
    }
    // Orders still to collect carry the next delivery date, as a purchase today would.
    const open = o.status === 'PENDING' || o.status === 'PACKAGED';
    const next = open
      ? nextDeliveryDateOn(dates, today, student.gradeLevel, deliveryMode(school.storeModel))
      : null;
    planned.push({
      date: dateOf(o.daysAgo),
      status: o.status,
      order: {
        studentId: student.id,
        store: o.store === 'School' ? 'School' : 'Teacher',
        teacherId,
        estimatedDelivery: next?.date ?? null,
        cutOffDate: next?.cutOffDate ?? null,
        placedBy: student.id,
        items,
      },
    });
  }
  return planned;
}

/** Placed: one set-based write per day, and the limited products' stock taken; each order's id. */
async function placeDemoOrders(tx: Queryable, s: string, planned: Planned[]) {
  const ids = new Map<Planned, string>();
  for (const date of [...new Set(planned.map((p) => p.date))].sort()) {
    const that = planned.filter((p) => p.date === date);
    const written = await writeOrders(
      tx,
      s,
      date,
      new Date(`${date}T19:00:00Z`),
      that.map((p) => p.order),
    );
    that.forEach((p, i) => ids.set(p, written[i]!));
  }
  const taken = new Map<string, number>();
  for (const p of planned)
    for (const i of p.order.items)
      taken.set(i.productId, (taken.get(i.productId) ?? 0) - i.quantity);
  await adjustStock(
    tx,
    s,
    [...taken].map(([id, delta]) => ({ id, delta })),
    false,
  );

  return ids;
}

/** Moved along their paths, a step at a time, all the orders taking the same move at once. */
async function moveDemoOrders(
  tx: Queryable,
  s: string,
  planned: Planned[],
  ids: Map<Planned, string>,
) {
  for (let step = 0; step < 3; step++)
    for (const to of ['PACKAGED', 'REDEEMED', 'CANCELED', 'REFUNDED'] as const) {
      const these = planned.filter((p) => PATH[p.status][step] === to);
      if (!these.length) continue;
      const from = step === 0 ? 'PENDING' : PATH[these[0]!.status][step - 1]!;
      const moved = await moveOrders(
        tx,
        s,
        these.map((p) => ids.get(p)!),
        [from],
        to,
      );
      await noteOrderMoves(
        tx,
        s,
        moved.map((m) => m.id),
        to,
      );
    }
}
