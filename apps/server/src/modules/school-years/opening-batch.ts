import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  balanceAfter,
  clockNow,
  promoteGrade,
  YEAR_END_CATEGORY,
  yearLabel,
  type OrderStatus,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import {
  orders,
  periodStudents,
  users,
  wallets,
  yearOpenings,
  yearOpeningStudents,
} from '../../db/schema.js';
import { moveOrders } from '../../ledger/orders.js';
import { transactionEndingSessions, type EndSessions } from '../auth/service.js';
import { writeActivities } from '../../ledger/write.js';

/* One batch of a year opening's students (docs/decisions/085-opening-the-next-school-year.md), in named steps. */

/** Orders not yet handed over: what "pending" means for keeping or refunding. */
export const PENDING: OrderStatus[] = ['PENDING', 'PACKAGED'];
/** The year end's entries name no activity type (docs/decisions/086-year-end-balances.md). */
const YEAR_END_TYPE = {
  id: '00000000-0000-0000-0000-000000000000',
  name: 'Year-end balance',
  category: YEAR_END_CATEGORY,
} as const;

export type OpeningRow = typeof yearOpenings.$inferSelect;

/**
 * One batch in one transaction: claims each student's step (the step's key makes a re-run or a
 * second runner skip them), refunds their pending orders when chosen, books the cap or reset as a
 * ledger entry on the old year's last day, moves grades up, and lets the top grade leave.
 */
export async function runBatch(
  db: Db,
  o: OpeningRow,
  school: { schoolType: string },
  from: { startDate: string; endDate: string },
  ids: string[],
): Promise<void> {
  // Leavers' sessions end with the batch, on this server at once (transactionEndingSessions).
  await transactionEndingSessions(db, async (tx, endSessions) => {
    const mine = await claimStudents(tx, o, ids);
    if (!mine.length) return;
    // Orders first: a status move locks orders, then wallets (docs/ledger.md section 4).
    const refunded = await refundPendingOrders(tx, o, mine);
    const balances = await lockedBalances(tx, o, mine);
    const { entries, leavers } = await stepStudents(tx, o, school, mine, { balances, refunded });
    await bookYearEnd(tx, o, from, entries);
    await letLeave(tx, o, leavers, endSessions);
    await tx
      .update(yearOpenings)
      .set({ done: sql`${yearOpenings.done} + ${mine.length}` })
      .where(and(eq(yearOpenings.schoolId, o.schoolId), eq(yearOpenings.id, o.id)));
  });
}

/** The batch's students this runner claims (in id order); a re-run or a second runner gets none of them. */
async function claimStudents(tx: Queryable, o: OpeningRow, ids: string[]): Promise<string[]> {
  const claimed = await tx
    .insert(yearOpeningStudents)
    .values(
      ids.map((studentId) => ({
        schoolId: o.schoolId,
        openingId: o.id,
        studentId,
        left: false,
        balanceBefore: 0,
        balanceAfter: 0,
        ordersRefunded: 0,
      })),
    )
    .onConflictDoNothing()
    .returning({ studentId: yearOpeningStudents.studentId });
  return claimed.map((c) => c.studentId).sort();
}

/** When the opening refunds them, each student's pending orders are canceled: how many, by student. */
async function refundPendingOrders(tx: Queryable, o: OpeningRow, mine: string[]) {
  const refunded = new Map<string, number>();
  if (o.ordersPolicy === 'refund') {
    const pending = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.schoolId, o.schoolId),
          inArray(orders.studentId, mine),
          inArray(orders.status, PENDING),
        ),
      );
    const moved = await moveOrders(
      tx,
      o.schoolId,
      pending.map((p) => p.id),
      PENDING,
      'CANCELED',
    );
    for (const m of moved) refunded.set(m.studentId, (refunded.get(m.studentId) ?? 0) + 1);
  }
  return refunded;
}

/** The students' balances, their wallets locked in id order. */
async function lockedBalances(tx: Queryable, o: OpeningRow, mine: string[]) {
  return new Map(
    (
      await tx
        .select({ studentId: wallets.studentId, balance: wallets.balance })
        .from(wallets)
        .where(and(eq(wallets.schoolId, o.schoolId), inArray(wallets.studentId, mine)))
        .orderBy(asc(wallets.studentId))
        .for('update')
    ).map((w) => [w.studentId, Number(w.balance)]),
  );
}

/** Each student's step: the balance after, the grade moved up (or leaving), written down; the entries to book and who leaves. */
async function stepStudents(
  tx: Queryable,
  o: OpeningRow,
  school: { schoolType: string },
  mine: string[],
  { balances, refunded }: { balances: Map<string, number>; refunded: Map<string, number> },
) {
  const people = await tx
    .select({ id: users.id, grade: users.gradeLevel })
    .from(users)
    .where(and(eq(users.schoolId, o.schoolId), inArray(users.id, mine)));
  const entries: { studentId: string; points: number }[] = [];
  const leavers: string[] = [];
  for (const p of people) {
    const before = balances.get(p.id) ?? 0;
    const after = balanceAfter(before, o.balancePolicy, o.balanceCap);
    if (after !== before) entries.push({ studentId: p.id, points: after - before });
    const next = promoteGrade(p.grade, school.schoolType);
    if (next.leaves) leavers.push(p.id);
    else if (next.grade !== p.grade)
      await tx
        .update(users)
        .set({ gradeLevel: next.grade })
        .where(and(eq(users.schoolId, o.schoolId), eq(users.id, p.id)));
    await tx
      .update(yearOpeningStudents)
      .set({
        gradeBefore: p.grade,
        gradeAfter: next.grade,
        left: next.leaves,
        balanceBefore: before,
        balanceAfter: after,
        ordersRefunded: refunded.get(p.id) ?? 0,
      })
      .where(
        and(
          eq(yearOpeningStudents.schoolId, o.schoolId),
          eq(yearOpeningStudents.openingId, o.id),
          eq(yearOpeningStudents.studentId, p.id),
        ),
      );
  }
  return { entries, leavers };
}

/** The cap or reset as a ledger entry on the old year's last day. */
async function bookYearEnd(
  tx: Queryable,
  o: OpeningRow,
  from: { startDate: string; endDate: string },
  entries: { studentId: string; points: number }[],
) {
  const label = yearLabel({ yearStart: from.startDate, yearEnd: from.endDate });
  if (entries.length && o.balancePolicy !== 'carry')
    await writeActivities(
      tx,
      o.schoolId,
      entries.map((e) => ({ studentId: e.studentId, type: YEAR_END_TYPE, points: e.points })),
      {
        date: from.endDate,
        comment:
          o.balancePolicy === 'cap'
            ? `${label} balance capped at ${o.balanceCap}`
            : `${label} balance reset`,
        periodId: null,
        groupId: null,
        givenBy: null,
      },
    );
}

/** The top grade leaves: signs in no more, in no class. */
async function letLeave(tx: Queryable, o: OpeningRow, leavers: string[], endSessions: EndSessions) {
  if (leavers.length) {
    await tx
      .update(users)
      // The clock's moment (docs/testing-dates.md): the day they left is the school's day.
      .set({ leftAt: clockNow() })
      .where(and(eq(users.schoolId, o.schoolId), inArray(users.id, leavers)));
    await endSessions({ schoolId: o.schoolId, userIds: leavers });
    await tx
      .delete(periodStudents)
      .where(
        and(eq(periodStudents.schoolId, o.schoolId), inArray(periodStudents.studentId, leavers)),
      );
  }
}
