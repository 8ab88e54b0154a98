import { z } from 'zod';
import { GIVER_RATIO_SORTS } from './pbis/coaching.js';
import {
  DEMOGRAPHIC_FLAGS,
  EQUITY_BREAKDOWNS,
  SEXES,
  type DemographicFlag,
} from './pbis/demographics.js';
import { day, instant, int } from './response-fields.js';
import { isValidIsoDate } from './school-days.js';

/*
 * Requests and answers of PBIS coaching, the fairness and economy reports, and a student's
 * demographics (issue 34).
 */

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isValidIsoDate, { error: `${field} must be a date (YYYY-MM-DD)` });

/** The words of the report ranges (report-ranges.ts): this-week, this-month, year-to-date, month-2026-11, last-school-year, school-year-2024-25. */
export const RANGE_WORD =
  /^(this-week|this-month|year-to-date|last-school-year|month-\d{4}-\d{2}|school-year-\d{4}(-\d{2})?)$/;

/**
 * A range by its word (`range=this-week`) or by its dates; the dates win when both are sent. Left
 * out, each call has its default: the school's ratio window for coaching, year to date for the
 * reports.
 */
export const pbisRangeQuery = z.object({
  range: z
    .string({ error: 'range must be text' })
    .regex(RANGE_WORD, {
      error:
        'range must be this-week, this-month, year-to-date, last-school-year, month-YYYY-MM or school-year-YYYY-YY',
    })
    .optional(),
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
  time: z.string().optional(),
});
export type PbisRangeQuery = z.infer<typeof pbisRangeQuery>;

/** GET coaching/me takes the range only (`pbisRangeQuery`). */
export type CoachingQuery = PbisRangeQuery;

const share = () => z.number().min(0);
const ratio = () => z.number().min(0).nullable();

/**
 * GET coaching/me: the caller's positives (bonuses they gave, points > 0) and correctives (flags
 * they gave) over the range, their ratio (null while no corrective), the school's target, and the
 * students of their classes nobody has given a bonus in the school's recognition days, those
 * waiting longest first.
 */
export const coachingResponse = z.object({
  positives: int(),
  correctives: int(),
  ratio: ratio(),
  target: int(),
  unrecognized: z.array(
    z.object({
      studentId: z.string(),
      /** 'First Last'. */
      name: z.string(),
      /** Their latest bonus from anyone; null: none this year or ever. */
      lastRecognized: day().nullable(),
    }),
  ),
});
export type CoachingAnswer = z.infer<typeof coachingResponse>;

/** The admin's dashboard: every giver's ratio over the range, sorted by one column. */
export const givingRatiosQuery = pbisRangeQuery.extend({
  sort: z
    .enum(GIVER_RATIO_SORTS, { error: `sort must be one of ${GIVER_RATIO_SORTS.join(', ')}` })
    .default('name'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
});
export type GivingRatiosQuery = z.infer<typeof givingRatiosQuery>;

const ratioFigures = z.object({ positives: int(), correctives: int(), ratio: ratio() });

export const givingRatiosResponse = z.object({
  startDate: day(),
  endDate: day(),
  target: int(),
  /** The whole school: every giver's positives and correctives together. */
  school: ratioFigures,
  givers: z.array(
    ratioFigures.extend({ giverId: z.string(), firstName: z.string(), lastName: z.string() }),
  ),
});
export type GivingRatiosAnswer = z.infer<typeof givingRatiosResponse>;

/** GET reports/equity. */
export const equityQuery = pbisRangeQuery.extend({
  by: z.enum(EQUITY_BREAKDOWNS, { error: `by must be one of ${EQUITY_BREAKDOWNS.join(', ')}` }),
});
export type EquityQuery = z.infer<typeof equityQuery>;

/**
 * GET reports/equity: per group of the breakdown, over the range. A suppressed group (fewer than
 * ten students, or one whose figures would let such a group be worked out) has every figure null.
 */
export const equityResponse = z.object({
  startDate: day(),
  endDate: day(),
  by: z.enum(EQUITY_BREAKDOWNS),
  /** Groups of fewer students show no figure. */
  minGroupSize: int(),
  groups: z.array(
    z.object({
      /** The group's key: 'asian', 'hispanicOrLatino', 'female', '7', 'yes', 'unknown'…; the screens name it. */
      group: z.string(),
      students: int().nullable(),
      recognizedShare: share().nullable(),
      bonusesPerStudent: share().nullable(),
      flagsPerStudent: share().nullable(),
      bonusRiskRatio: ratio(),
      flagRiskRatio: ratio(),
      suppressed: z.boolean(),
    }),
  ),
});
export type EquityAnswer = z.infer<typeof equityResponse>;

/** GET reports/economy takes the range only (`pbisRangeQuery`). */
export type EconomyQuery = PbisRangeQuery;

/** Merits issued in a week, by kind: bonuses, custom actions (a teacher's own), daily points, Academic Pay Day. */
const issuedByKind = z.object({ bonuses: int(), custom: int(), daily: int(), payDay: int() });

/**
 * GET reports/economy. `scope` says which half the caller reads: a school admin the whole
 * ('school'); a store manager the store's half ('store'), where every figure of issuing (issued,
 * issuedByKind, yearEnd, outstanding, givers, medianBalance) is null and spending, refunds and the
 * price index are given.
 */
export const economyResponse = z.object({
  startDate: day(),
  endDate: day(),
  scope: z.enum(['school', 'store']),
  weeks: z.array(
    z.object({
      /** The Monday of the week; the first and last weeks count only their days in the range. */
      weekStart: day(),
      issued: int().nullable(),
      issuedByKind: issuedByKind.nullable(),
      /** Merits spent by orders placed that week and not given back (canceled or refunded). */
      spent: int(),
      /** Merits of orders placed that week and refunded since. */
      refunded: int(),
      /** Merits taken back when the next school year opened (a cap or a reset). */
      yearEnd: int().nullable(),
      /** Every student's balance together at the week's end (or today). */
      outstanding: int().nullable(),
    }),
  ),
  givers: z
    .object({
      median: z.number().nullable(),
      p90: z.number().nullable(),
      top10Share: share().nullable(),
    })
    .nullable(),
  medianBalance: z.number().nullable(),
  /** What a typical item bought costs in weeks of a typical student's earning; null without purchases or earning. */
  priceIndexWeeks: z.number().nullable(),
  /** The plain reading: a catalogue key ('reports.economy.reading.*') and its values (`month` is YYYY-MM). */
  reading: z
    .object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) })
    .nullable(),
});
export type EconomyAnswer = z.infer<typeof economyResponse>;

const flagField = (name: string) =>
  z
    .boolean({ error: `${name} must be true, false or null` })
    .nullable()
    .optional();

/** PUT students/{id}/demographics: the fields sent change (null: unknown); those left out keep their value. */
export const demographicsBody = z.object({
  sex: z
    .enum(SEXES, { error: `sex must be one of ${SEXES.join(', ')} or null` })
    .nullable()
    .optional(),
  ...(Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, flagField(f)])) as Record<
    DemographicFlag,
    ReturnType<typeof flagField>
  >),
});
export type DemographicsBody = z.infer<typeof demographicsBody>;

/** GET and PUT students/{id}/demographics (readers of `reports:equity` only). */
export const demographicsResponse = z.object({
  studentId: z.string(),
  sex: z.enum(SEXES).nullable(),
  ...(Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, z.boolean().nullable()])) as Record<
    DemographicFlag,
    z.ZodNullable<z.ZodBoolean>
  >),
  /** When they last changed (an import or an admin); null: never recorded. */
  updatedAt: instant().nullable(),
});
export type DemographicsAnswer = z.infer<typeof demographicsResponse>;
