import { z } from 'zod';
import { calendarDay, msg, schemaText, type Message } from './message.js';
import { day, int } from './response-fields.js';
import { addDays, isValidIsoDate, type IsoDate } from './school-days.js';

/*
 * Opening the next school year (docs/decisions/085-opening-the-next-school-year.md): grades move
 * up by one, the top grade leaves, each balance is carried, capped or reset.
 */

export interface YearSpan {
  yearStart: IsoDate;
  yearEnd: IsoDate;
  givingStart: IsoDate;
}

/** "2027-28": the label of the year starting in `yearStart`'s year. */
export function yearLabel(span: { yearStart: IsoDate; yearEnd: IsoDate }): string {
  const a = span.yearStart.slice(0, 4);
  const b = span.yearEnd.slice(0, 4);
  return a === b ? a : `${a}-${b.slice(2)}`;
}

/**
 * Why a year's dates cannot be kept, or null: first day before last, giving start within. The
 * messages name the fields as the School year tab does ("The first day …").
 */
export function yearSpanRefusal(span: YearSpan): Message | null {
  for (const [key, value] of [
    ['msg.yearFirstDayDate', span.yearStart],
    ['msg.yearLastDayDate', span.yearEnd],
    ['msg.yearGivingDate', span.givingStart],
  ] as const)
    if (!isValidIsoDate(value)) return msg(key);
  if (span.yearEnd <= span.yearStart) return msg('msg.yearLastAfterFirst');
  if (addDays(span.yearStart, 400) < span.yearEnd) return msg('msg.yearTooLong');
  if (span.givingStart < span.yearStart || span.givingStart > span.yearEnd)
    return msg('msg.yearGivingWithin');
  return null;
}

/**
 * The next year's proposed dates clear of the year that ended: `proposed` (the August-to-June
 * pattern) starts the day after `ended`'s last day at the earliest, its giving no earlier than
 * its first day. A year that ends in August or later would otherwise share its summer's days.
 */
export function nextYearClearOf(ended: { yearEnd: IsoDate }, proposed: YearSpan): YearSpan {
  const dayAfter = addDays(ended.yearEnd, 1);
  const yearStart = proposed.yearStart > ended.yearEnd ? proposed.yearStart : dayAfter;
  const givingStart = proposed.givingStart < yearStart ? yearStart : proposed.givingStart;
  return { yearStart, yearEnd: proposed.yearEnd, givingStart };
}

/** The admin banner shows this many days before the year's last day (and after it, until the next year is open). */
export const OPEN_NEXT_YEAR_NOTICE_DAYS = 30;

/** Whether the "Open the next school year" banner is due on `today`. */
export function openingDue(yearEnd: IsoDate, today: IsoDate, nextYearOpen: boolean): boolean {
  return !nextYearOpen && today >= addDays(yearEnd, -OPEN_NEXT_YEAR_NOTICE_DAYS);
}

/** Why the next year cannot be opened (for real) on `today`: only once the year in force has ended. */
export function openingRefusal(fromYearEnd: IsoDate, today: IsoDate): Message | null {
  return today > fromYearEnd
    ? null
    : msg('msg.yearOpensAfterEnd', { date: calendarDay(fromYearEnd) });
}

/* ---- grades ---- */

const NAMED = ['prekindergarten', 'kindergarten'];

/** The last grade of a school type (docs/spec.md section 3: it may contain "Elementary"): 5, 8 for Middle, else 12. */
export function topGrade(schoolType: string): number {
  const t = schoolType.toLowerCase();
  if (t.includes('elementary')) return 5;
  if (t.includes('middle')) return 8;
  return 12;
}

/**
 * A student's grade in the next year: one up (Prekindergarten → Kindergarten → 1 …, keeping a
 * leading zero), `leaves` from the top grade of the school's type up. A grade that is not a
 * known level (empty, "Ungraded") stays as it is.
 */
export function promoteGrade(
  grade: string | null,
  schoolType: string,
): { grade: string | null; leaves: boolean } {
  const g = grade?.trim() ?? '';
  const named = NAMED.indexOf(g.toLowerCase());
  if (named === 0) return { grade: 'Kindergarten', leaves: false };
  if (named === 1) return { grade: '1', leaves: false };
  if (!/^\d{1,2}$/.test(g)) return { grade, leaves: false };
  const n = Number(g);
  if (n >= topGrade(schoolType)) return { grade, leaves: true };
  const next = String(n + 1);
  return { grade: g.startsWith('0') ? next.padStart(2, '0') : next, leaves: false };
}

/* ---- balances ---- */

export const BALANCE_POLICIES = ['carry', 'cap', 'reset'] as const;
export type BalancePolicy = (typeof BALANCE_POLICIES)[number];
export const ORDERS_POLICIES = ['keep', 'refund'] as const;
export type OrdersPolicy = (typeof ORDERS_POLICIES)[number];

/** A balance after the year's policy: carried as is, capped at `cap` (a debt stays), or reset to 0. */
export function balanceAfter(balance: number, policy: BalancePolicy, cap: number): number {
  if (policy === 'reset') return 0;
  if (policy === 'cap') return Math.min(balance, cap);
  return balance;
}

/* ---- calls ---- */

/** A date field; `message` names it as the School year tab does. */
const isoDate = (message: string) =>
  z.string({ error: message }).refine(isValidIsoDate, { error: message });
const balancePolicy = z.enum(BALANCE_POLICIES, { error: schemaText(msg('msg.yearBalancePolicy')) });
const balanceCap = z
  .number({ error: schemaText(msg('msg.yearCap')) })
  .int({ error: schemaText(msg('msg.yearCap')) })
  .min(0, { error: schemaText(msg('msg.yearCap')) })
  .max(1_000_000, { error: schemaText(msg('msg.yearCap')) });
const startDate = isoDate(schemaText(msg('msg.yearFirstDayDate')));
const endDate = isoDate(schemaText(msg('msg.yearLastDayDate')));
const givingStartDate = isoDate(schemaText(msg('msg.yearGivingDate')));

/** PUT settings/school-year: the year in force's dates and the school's balance policy. */
export const schoolYearBody = z.object({
  startDate,
  endDate,
  givingStartDate,
  balancePolicy,
  balanceCap,
});
export type SchoolYearBody = z.infer<typeof schoolYearBody>;

export const YEAR_OPENING_STATUSES = ['running', 'done', 'failed'] as const;

/** One run of opening the next year, as GET school-years/openings/{id} answers it. */
export const yearOpeningResponse = z.object({
  _id: z.string(),
  status: z.enum(YEAR_OPENING_STATUSES),
  label: z.string(),
  startDate: day(),
  endDate: day(),
  givingStartDate: day(),
  balancePolicy,
  balanceCap: int(),
  ordersPolicy: z.enum(ORDERS_POLICIES),
  done: int(),
  total: int(),
  message: z.string().nullable(),
});
export type YearOpening = z.infer<typeof yearOpeningResponse>;

/** GET settings/school-year. */
export const schoolYearViewResponse = z.object({
  _id: z.string().nullable(),
  label: z.string(),
  startDate: day(),
  endDate: day(),
  givingStartDate: day(),
  /** false while the school follows the August-to-June pattern with no stored year. */
  stored: z.boolean(),
  ended: z.boolean(),
  today: day(),
  balancePolicy,
  balanceCap: int(),
  payPeriods: z.array(z.object({ label: z.string(), startDate: day(), endDate: day() })),
  /** The next year's default dates, for the opening form. */
  next: z.object({
    label: z.string(),
    startDate: day(),
    endDate: day(),
    givingStartDate: day(),
  }),
  /** The opening of the next year from this one, once started. */
  opening: yearOpeningResponse.nullable(),
  /** Whether the admin banner "Open the … school year" is due. */
  openingDue: z.boolean(),
});
export type SchoolYearView = z.infer<typeof schoolYearViewResponse>;

/** POST school-years/openings: a dry run, or the run itself, with the same choices. */
export const yearOpeningBody = z.object({
  dryRun: z.boolean({ error: 'dryRun must be true or false' }),
  startDate,
  endDate,
  givingStartDate,
  ordersPolicy: z.enum(ORDERS_POLICIES, { error: schemaText(msg('msg.yearOrdersPolicy')) }),
});
export type YearOpeningBody = z.infer<typeof yearOpeningBody>;

/** A dry run's answer: what the run would do, student by student, and in sum. */
export const yearOpeningPreviewResponse = z.object({
  label: z.string(),
  balancePolicy,
  balanceCap: int(),
  ordersPolicy: z.enum(ORDERS_POLICIES),
  students: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      gradeBefore: z.string().nullable(),
      gradeAfter: z.string().nullable(),
      leaves: z.boolean(),
      balanceBefore: int(),
      balanceAfter: int(),
      ordersRefunded: int(),
    }),
  ),
  promoted: int(),
  leaving: int(),
  ordersKept: int(),
  ordersRefunded: int(),
  /** Why the run would be refused today (the year has not ended), or null. */
  refusal: z.string().nullable(),
});
export type YearOpeningPreview = z.infer<typeof yearOpeningPreviewResponse>;
