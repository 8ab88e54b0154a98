import { and, eq, gte, lte, ne } from 'drizzle-orm';
import {
  addDays,
  msg,
  nextYearClearOf,
  openingDue,
  payPeriods,
  todayIn,
  yearLabel,
  yearSpanRefusal,
  type SchoolYearBody,
  type SchoolYearView,
  type YearOpening,
  type YearSpan,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { schools, schoolYears, yearOpenings } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { defaultYearSpan, yearInForce } from '../calendar/service.js';

type SchoolYearRow = typeof schoolYears.$inferSelect;
type OpeningRow = typeof yearOpenings.$inferSelect;

export const presentOpening = (o: OpeningRow): YearOpening => ({
  _id: o.id,
  status: o.status,
  label: yearLabel({ yearStart: o.startDate, yearEnd: o.endDate }),
  startDate: o.startDate,
  endDate: o.endDate,
  givingStartDate: o.givingStartDate,
  balancePolicy: o.balancePolicy,
  balanceCap: o.balanceCap,
  ordersPolicy: o.ordersPolicy,
  done: o.done,
  total: o.total,
  message: o.message,
});

/**
 * The stored year in force today; a school that follows the August-to-June pattern with none
 * stored gets it stored first, when `store` (a change or an opening needs a row).
 */
export async function currentYear(
  db: Queryable,
  school: { id: string; timeZone: string },
  store: boolean,
): Promise<{ row: SchoolYearRow | null; span: YearSpan }> {
  const today = todayIn(school.timeZone);
  const row = await yearInForce(db, school.id, today);
  if (row)
    return {
      row,
      span: { yearStart: row.startDate, yearEnd: row.endDate, givingStart: row.givingStartDate },
    };
  const span = await defaultYearSpan(db, school.id, today);
  if (!store) return { row: null, span };
  const [made] = await db
    .insert(schoolYears)
    .values({
      schoolId: school.id,
      startDate: span.yearStart,
      endDate: span.yearEnd,
      givingStartDate: span.givingStart,
    })
    .returning();
  return { row: made!, span };
}

/**
 * The next year's default dates: the August-to-June pattern after this one, giving as the
 * school's default, starting after this year's last day whatever its pattern (never overlapping).
 */
async function nextYearDefault(db: Queryable, schoolId: string, after: YearSpan) {
  const dayAfter = addDays(after.yearEnd, 1);
  const on = Number(dayAfter.slice(5, 7)) >= 8 ? dayAfter : `${dayAfter.slice(0, 4)}-08-01`;
  return nextYearClearOf(after, await defaultYearSpan(db, schoolId, on));
}

/** GET settings/school-year: the year in force, its pay periods, the balance policy, the next year's opening. */
export async function schoolYearView(db: Db, u: AuthUser): Promise<SchoolYearView> {
  const today = todayIn(u.school.timeZone);
  const { row, span } = await currentYear(db, u.school, false);
  const [school] = await db.select().from(schools).where(eq(schools.id, u.schoolId));
  const [opening] = row
    ? await db
        .select()
        .from(yearOpenings)
        .where(and(eq(yearOpenings.schoolId, u.schoolId), eq(yearOpenings.fromYearId, row.id)))
    : [];
  const next = await nextYearDefault(db, u.schoolId, span);
  return {
    _id: row?.id ?? null,
    label: yearLabel(span),
    startDate: span.yearStart,
    endDate: span.yearEnd,
    givingStartDate: span.givingStart,
    stored: row !== null,
    ended: today > span.yearEnd,
    today,
    balancePolicy: school!.yearEndBalance,
    balanceCap: school!.yearEndBalanceCap,
    payPeriods: payPeriods(span.yearStart, span.yearEnd),
    next: {
      label: yearLabel(next),
      startDate: next.yearStart,
      endDate: next.yearEnd,
      givingStartDate: next.givingStart,
    },
    opening: opening ? presentOpening(opening) : null,
    openingDue: openingDue(span.yearEnd, today, opening?.status === 'done'),
  };
}

/** A stored year of the school other than `exceptId` that shares a day with `span`, if any. */
export async function overlappingYear(
  db: Queryable,
  schoolId: string,
  span: { yearStart: string; yearEnd: string },
  exceptId: string | null,
): Promise<SchoolYearRow | undefined> {
  const [other] = await db
    .select()
    .from(schoolYears)
    .where(
      and(
        eq(schoolYears.schoolId, schoolId),
        lte(schoolYears.startDate, span.yearEnd),
        gte(schoolYears.endDate, span.yearStart),
        exceptId ? ne(schoolYears.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return other;
}

/**
 * PUT settings/school-year: the year in force's dates and the school's balance policy. Every rule
 * reads the stored year on each call, so the change holds from the next call on.
 */
export async function setSchoolYear(
  db: Db,
  u: AuthUser,
  body: SchoolYearBody,
): Promise<SchoolYearView> {
  const span = {
    yearStart: body.startDate,
    yearEnd: body.endDate,
    givingStart: body.givingStartDate,
  };
  const refusal = yearSpanRefusal(span);
  if (refusal) throw badRequest(refusal);
  await db.transaction(async (tx) => {
    const { row } = await currentYear(tx, u.school, true);
    const other = await overlappingYear(tx, u.schoolId, span, row!.id);
    if (other)
      throw conflict(
        msg('msg.yearOverlap', {
          label: yearLabel({ yearStart: other.startDate, yearEnd: other.endDate }),
        }),
      );
    await tx
      .update(schoolYears)
      .set({ startDate: span.yearStart, endDate: span.yearEnd, givingStartDate: span.givingStart })
      .where(and(eq(schoolYears.schoolId, u.schoolId), eq(schoolYears.id, row!.id)));
    await tx
      .update(schools)
      .set({ yearEndBalance: body.balancePolicy, yearEndBalanceCap: body.balanceCap })
      .where(eq(schools.id, u.schoolId));
  });
  return schoolYearView(db, u);
}
