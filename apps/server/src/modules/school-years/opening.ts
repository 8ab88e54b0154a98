import { and, asc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import {
  balanceAfter,
  calendarDay,
  englishOf,
  msg,
  openingRefusal,
  promoteGrade,
  todayIn,
  yearLabel,
  yearSpanRefusal,
  type BalancePolicy,
  type Message,
  type YearOpening,
  type YearOpeningBody,
  type YearOpeningPreview,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import {
  orders,
  schools,
  schoolYears,
  users,
  wallets,
  yearOpenings,
  yearOpeningStudents,
} from '../../db/schema.js';
import { isStudentRow } from '../../access/students.js';
import type { AuthUser } from '../../lib/auth-context.js';
import type { JobQueueRef } from '../../lib/job-queue.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { PENDING, runBatch } from './opening-batch.js';
import { currentYear, overlappingYear, presentOpening } from './service.js';

/** The pg-boss queue of year openings (docs/decisions/085-opening-the-next-school-year.md). */
export const OPEN_YEAR_QUEUE = 'open-school-year';
/** Students per transaction: each batch commits its steps and its progress together. */
const OPENING_BATCH = 200;

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
    throw badRequest(
      msg('msg.yearStartsAfter', { label: yearLabel(span), date: calendarDay(span.yearEnd) }),
    );
  const other = await overlappingYear(db, u.schoolId, to, null);
  if (other)
    throw conflict(
      msg('msg.yearOverlap', {
        label: yearLabel({ yearStart: other.startDate, yearEnd: other.endDate }),
      }),
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

const sayOrNull = (m: Message | null, say: (m: Message) => string) => (m ? say(m) : null);

/**
 * POST school-years/openings with dryRun: what the opening would do, without writing anything;
 * `say` writes its refusal in the request's language.
 */
export async function previewOpening(
  db: Db,
  u: AuthUser,
  body: YearOpeningBody,
  say: (m: Message) => string = englishOf,
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
    refusal: sayOrNull(openingRefusal(span.yearEnd, todayIn(u.school.timeZone)), say),
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
  if (!isUuid(id)) throw notFound(msg('msg.openingNotFound'));
  const [o] = await db
    .select()
    .from(yearOpenings)
    .where(and(eq(yearOpenings.schoolId, u.schoolId), eq(yearOpenings.id, id)));
  if (!o) throw notFound(msg('msg.openingNotFound'));
  return presentOpening(o);
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
