import { and, asc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import {
  balanceAfter,
  clockNow,
  longDate,
  MSG,
  openingRefusal,
  promoteGrade,
  todayIn,
  yearLabel,
  yearSpanRefusal,
  YEAR_END_CATEGORY,
  type BalancePolicy,
  type OrderStatus,
  type YearOpening,
  type YearOpeningBody,
  type YearOpeningPreview,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import {
  orders,
  periodStudents,
  schools,
  schoolYears,
  sessions,
  users,
  wallets,
  yearOpenings,
  yearOpeningStudents,
} from '../../db/schema.js';
import { isStudentRow } from '../../access/students.js';
import { moveOrders } from '../../ledger/orders.js';
import { writeActivities } from '../../ledger/write.js';
import type { AuthUser } from '../../lib/auth-context.js';
import type { JobQueueRef } from '../../lib/job-queue.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { currentYear, overlappingYear, presentOpening } from './service.js';

/** The pg-boss queue of year openings (docs/decisions/085-opening-the-next-school-year.md). */
export const OPEN_YEAR_QUEUE = 'open-school-year';
/** Students per transaction: each batch commits its steps and its progress together. */
const OPENING_BATCH = 200;
/** Orders not yet handed over: what "pending" means for keeping or refunding. */
const PENDING: OrderStatus[] = ['PENDING', 'PACKAGED'];
/** The year end's entries name no activity type (docs/decisions/086-year-end-balances.md). */
const YEAR_END_TYPE = {
  id: '00000000-0000-0000-0000-000000000000',
  name: 'Year-end balance',
  category: YEAR_END_CATEGORY,
} as const;

type OpeningRow = typeof yearOpenings.$inferSelect;
interface Choices {
  balancePolicy: BalancePolicy;
  balanceCap: number;
  ordersPolicy: YearOpeningBody['ordersPolicy'];
}

/** The year and choices of a request, checked: valid dates, after the year in force, overlapping none. */
async function checkedRequest(db: Queryable, u: AuthUser, body: YearOpeningBody) {
  const [school] = await db.select().from(schools).where(eq(schools.id, u.schoolId));
  const { row: from, span } = await currentYear(db, u.school, !body.dryRun);
  const to = {
    yearStart: body.startDate,
    yearEnd: body.endDate,
    givingStart: body.givingStartDate,
  };
  const refusal = yearSpanRefusal(to);
  if (refusal) throw badRequest(refusal);
  if (to.yearStart <= span.yearEnd)
    throw badRequest(MSG.yearStartsAfter(yearLabel(span), longDate(span.yearEnd)));
  const other = await overlappingYear(db, u.schoolId, to, null);
  if (other)
    throw conflict(
      MSG.yearOverlap(yearLabel({ yearStart: other.startDate, yearEnd: other.endDate })),
    );
  const choices: Choices = {
    balancePolicy: school!.yearEndBalance,
    balanceCap: school!.yearEndBalanceCap,
    ordersPolicy: body.ordersPolicy,
  };
  return { school: school!, from, span, to, choices };
}

/** The students an opening covers: those who have not left, and those it has already done. */
const coveredStudents = (schoolId: string, openingId: string | null) =>
  and(
    eq(users.schoolId, schoolId),
    isStudentRow,
    openingId
      ? or(
          isNull(users.leftAt),
          sql`exists (select 1 from year_opening_students y where y.school_id = ${schoolId} and y.opening_id = ${openingId} and y.student_id = ${users.id})`,
        )
      : isNull(users.leftAt),
  );

/** POST school-years/openings with dryRun: what the opening would do, without writing anything. */
export async function previewOpening(
  db: Db,
  u: AuthUser,
  body: YearOpeningBody,
): Promise<YearOpeningPreview> {
  const { school, span, to, choices } = await checkedRequest(db, u, body);
  const students = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      grade: users.gradeLevel,
      balance: sql<number>`coalesce(${wallets.balance}, 0)::int`,
    })
    .from(users)
    .leftJoin(wallets, and(eq(wallets.schoolId, users.schoolId), eq(wallets.studentId, users.id)))
    .where(coveredStudents(u.schoolId, null))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const pending = await db
    .select({
      studentId: orders.studentId,
      count: sql<number>`count(*)::int`,
      total: sql<number>`sum(${orders.total})::int`,
    })
    .from(orders)
    .where(and(eq(orders.schoolId, u.schoolId), inArray(orders.status, PENDING)))
    .groupBy(orders.studentId);
  const pendingOf = new Map(pending.map((p) => [p.studentId, p]));
  const refund = choices.ordersPolicy === 'refund';
  let promoted = 0;
  let leaving = 0;
  let ordersKept = 0;
  let ordersRefunded = 0;
  const rows = students.map((s) => {
    const p = pendingOf.get(s.id);
    if (refund) ordersRefunded += p?.count ?? 0;
    else ordersKept += p?.count ?? 0;
    const next = promoteGrade(s.grade, school.schoolType);
    if (next.leaves) leaving++;
    else if (next.grade !== s.grade) promoted++;
    const carried = s.balance + (refund ? (p?.total ?? 0) : 0);
    return {
      _id: s.id,
      name: `${s.firstName} ${s.lastName}`,
      gradeBefore: s.grade,
      gradeAfter: next.grade,
      leaves: next.leaves,
      balanceBefore: s.balance,
      balanceAfter: balanceAfter(carried, choices.balancePolicy, choices.balanceCap),
      ordersRefunded: refund ? (p?.count ?? 0) : 0,
    };
  });
  return {
    label: yearLabel(to),
    ...choices,
    students: rows,
    promoted,
    leaving,
    ordersKept,
    ordersRefunded,
    refusal: openingRefusal(span.yearEnd, todayIn(u.school.timeZone)),
  };
}

/**
 * POST school-years/openings without dryRun: records the opening (one per year: asking again
 * answers the same one, and resumes it unless done) and sends it to the job queue.
 */
export async function startOpening(
  db: Db,
  u: AuthUser,
  body: YearOpeningBody,
  queue: JobQueueRef['current'],
  runHere: (schoolId: string, openingId: string) => void,
): Promise<YearOpening> {
  const opening = await db.transaction(async (tx) => {
    // Asked again once done (the new year is then in force): the same opening.
    const [opened] = await tx
      .select()
      .from(yearOpenings)
      .where(
        and(
          eq(yearOpenings.schoolId, u.schoolId),
          eq(yearOpenings.startDate, body.startDate),
          eq(yearOpenings.status, 'done'),
        ),
      );
    if (opened) return opened;
    const { from, span, to, choices } = await checkedRequest(tx, u, body);
    const [existing] = await tx
      .select()
      .from(yearOpenings)
      .where(and(eq(yearOpenings.schoolId, u.schoolId), eq(yearOpenings.fromYearId, from!.id)))
      .for('update');
    if (existing?.status === 'done') return existing;
    const refusal = openingRefusal(span.yearEnd, todayIn(u.school.timeZone));
    if (refusal) throw conflict(refusal);
    if (existing) {
      const [again] = await tx
        .update(yearOpenings)
        .set({ status: 'running', message: null })
        .where(and(eq(yearOpenings.schoolId, u.schoolId), eq(yearOpenings.id, existing.id)))
        .returning();
      return again!;
    }
    const [made] = await tx
      .insert(yearOpenings)
      .values({
        schoolId: u.schoolId,
        fromYearId: from!.id,
        startDate: to.yearStart,
        endDate: to.yearEnd,
        givingStartDate: to.givingStart,
        ...choices,
        status: 'running',
        createdBy: u.id,
      })
      .returning();
    return made!;
  });
  if (opening.status !== 'done') {
    if (queue) await queue.send(OPEN_YEAR_QUEUE, { schoolId: u.schoolId, openingId: opening.id });
    else runHere(u.schoolId, opening.id);
  }
  return presentOpening(opening);
}

/** GET school-years/openings/{id}: its progress. */
export async function openingOf(db: Db, u: AuthUser, id: string): Promise<YearOpening> {
  if (!isUuid(id)) throw notFound('Opening not found');
  const [o] = await db
    .select()
    .from(yearOpenings)
    .where(and(eq(yearOpenings.schoolId, u.schoolId), eq(yearOpenings.id, id)));
  if (!o) throw notFound('Opening not found');
  return presentOpening(o);
}

/**
 * One batch in one transaction: claims each student's step (the step's key makes a re-run or a
 * second runner skip them), refunds their pending orders when chosen, books the cap or reset as a
 * ledger entry on the old year's last day, moves grades up, and lets the top grade leave.
 */
async function runBatch(
  db: Db,
  o: OpeningRow,
  school: { schoolType: string },
  from: { startDate: string; endDate: string },
  ids: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
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
    const mine = claimed.map((c) => c.studentId).sort();
    if (!mine.length) return;
    // Orders first: a status move locks orders, then wallets (docs/ledger.md section 4).
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
    const balances = new Map(
      (
        await tx
          .select({ studentId: wallets.studentId, balance: wallets.balance })
          .from(wallets)
          .where(and(eq(wallets.schoolId, o.schoolId), inArray(wallets.studentId, mine)))
          .orderBy(asc(wallets.studentId))
          .for('update')
      ).map((w) => [w.studentId, Number(w.balance)]),
    );
    const people = await tx
      .select({ id: users.id, grade: users.gradeLevel })
      .from(users)
      .where(and(eq(users.schoolId, o.schoolId), inArray(users.id, mine)));
    const label = yearLabel({ yearStart: from.startDate, yearEnd: from.endDate });
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
    if (leavers.length) {
      await tx
        .update(users)
        // The clock's moment (docs/testing-dates.md): the day they left is the school's day.
        .set({ leftAt: clockNow() })
        .where(and(eq(users.schoolId, o.schoolId), inArray(users.id, leavers)));
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.schoolId, o.schoolId),
            inArray(sessions.userId, leavers),
            isNull(sessions.revokedAt),
          ),
        );
      await tx
        .delete(periodStudents)
        .where(
          and(eq(periodStudents.schoolId, o.schoolId), inArray(periodStudents.studentId, leavers)),
        );
    }
    await tx
      .update(yearOpenings)
      .set({ done: sql`${yearOpenings.done} + ${mine.length}` })
      .where(and(eq(yearOpenings.schoolId, o.schoolId), eq(yearOpenings.id, o.id)));
  });
}

/**
 * Runs (or resumes) an opening: the students in batches, then the new year's row with the status
 * done, in one last transaction. Every step is keyed by opening and student, so running it again,
 * after a crash or twice at once, does each student once.
 */
export async function runOpening(db: Db, schoolId: string, openingId: string): Promise<void> {
  const [o] = await db
    .select()
    .from(yearOpenings)
    .where(and(eq(yearOpenings.schoolId, schoolId), eq(yearOpenings.id, openingId)));
  if (!o || o.status === 'done') return;
  try {
    const [school] = await db.select().from(schools).where(eq(schools.id, schoolId));
    const [from] = await db
      .select()
      .from(schoolYears)
      .where(and(eq(schoolYears.schoolId, schoolId), eq(schoolYears.id, o.fromYearId)));
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(coveredStudents(schoolId, o.id))) as [{ total: number }];
    await db
      .update(yearOpenings)
      .set({ total })
      .where(and(eq(yearOpenings.schoolId, schoolId), eq(yearOpenings.id, o.id)));
    for (;;) {
      const batch = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            coveredStudents(schoolId, null),
            notExists(
              db
                .select({ one: sql`1` })
                .from(yearOpeningStudents)
                .where(
                  and(
                    eq(yearOpeningStudents.schoolId, schoolId),
                    eq(yearOpeningStudents.openingId, o.id),
                    eq(yearOpeningStudents.studentId, users.id),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(users.id))
        .limit(OPENING_BATCH);
      if (!batch.length) break;
      await runBatch(
        db,
        o,
        school!,
        from!,
        batch.map((b) => b.id),
      );
    }
    await db.transaction(async (tx) => {
      const [finishing] = await tx
        .update(yearOpenings)
        .set({ status: 'done', finishedAt: sql`now()`, done: sql`${yearOpenings.total}` })
        .where(
          and(
            eq(yearOpenings.schoolId, schoolId),
            eq(yearOpenings.id, o.id),
            sql`${yearOpenings.status} <> 'done'`,
          ),
        )
        .returning();
      if (!finishing || finishing.toYearId) return;
      const [year] = await tx
        .insert(schoolYears)
        .values({
          schoolId,
          startDate: o.startDate,
          endDate: o.endDate,
          givingStartDate: o.givingStartDate,
        })
        .returning();
      await tx
        .update(yearOpenings)
        .set({ toYearId: year!.id })
        .where(and(eq(yearOpenings.schoolId, schoolId), eq(yearOpenings.id, o.id)));
    });
  } catch (err) {
    await db
      .update(yearOpenings)
      .set({ status: 'failed', message: 'The opening stopped; open the year again to resume it' })
      .where(and(eq(yearOpenings.schoolId, schoolId), eq(yearOpenings.id, o.id)));
    throw err;
  }
}
