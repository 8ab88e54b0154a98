import { weekStart } from '../report-ranges.js';
import { addDays, type IsoDate } from '../school-days.js';
import type { PbisMessage } from './coaching.js';

/*
 * The economy's figures (issue 34): Merits issued and spent by school week, how evenly givers
 * give, and what the store's items cost in weeks of a typical student's earning. Schools complain
 * that points inflate and that uneven giving between teachers distorts prices: these figures show
 * both.
 */

/** The Mondays of the school weeks that meet from..to, in order: the buckets of the weekly figures. */
export function weekStarts(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  if (from > to) return out;
  // 120 weeks bound a report range of 800 days.
  for (let w = weekStart(from); w <= to && out.length < 120; w = addDays(w, 7)) out.push(w);
  return out;
}

/**
 * The p-th percentile (0 to 100) by linear interpolation between the closest ranks, as
 * PostgreSQL's percentile_cont: the median of 1, 2, 3, 4 is 2.5. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const xs = [...values].sort((a, b) => a - b);
  const at = ((xs.length - 1) * Math.min(100, Math.max(0, p))) / 100;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return xs[lo]! + (xs[hi]! - xs[lo]!) * (at - lo);
}

export const median = (values: readonly number[]): number | null => percentile(values, 50);

/**
 * The share of the whole that the top `fraction` of values hold (the top 10% of givers: at least
 * one giver, rounded up), three decimals; null when there is nothing to share.
 */
export function topShare(values: readonly number[], fraction = 0.1): number | null {
  const total = values.reduce((a, v) => a + v, 0);
  if (!values.length || total <= 0) return null;
  const top = Math.max(1, Math.ceil(values.length * fraction));
  const held = [...values]
    .sort((a, b) => b - a)
    .slice(0, top)
    .reduce((a, v) => a + v, 0);
  return Math.round((held / total) * 1000) / 1000;
}

/**
 * The store's price index: what a typical item bought costs in weeks of a typical student's
 * earning (the median price ÷ the median weekly earning), one decimal: "a typical item costs 3.2
 * weeks of earning". Null without a purchase, or when the typical student earns nothing.
 */
export function priceIndexWeeks(
  medianPrice: number | null,
  medianWeeklyEarning: number | null,
): number | null {
  if (medianPrice === null || medianWeeklyEarning === null || medianWeeklyEarning <= 0) return null;
  return Math.round((medianPrice / medianWeeklyEarning) * 10) / 10;
}

/** One month of the range as the reading compares them: Merits issued, and the median price of items bought (null: none bought). */
export interface EconomyMonth {
  /** 'YYYY-MM'. */
  month: string;
  issued: number;
  medianPrice: number | null;
}

/** Issued changes by at least this share (20%) for the reading to call it a rise or a fall… */
export const ISSUED_CHANGE = 0.2;
/** …and prices "did not" change while they moved less than this share (10%). */
export const PRICE_STEADY = 0.1;

/**
 * A plain reading of the economy, as a catalogue key and values for the screens to write in their
 * language (`month` is 'YYYY-MM', for the screen to name): the latest month against the one
 * before, when issuing moved by ISSUED_CHANGE and prices by less than PRICE_STEADY ("Merits issued
 * rose 40% in November while the store's prices did not: items are getting cheaper in weeks of
 * earning"), or both rose; else what a typical item costs in weeks of earning; else null.
 */
export function economyReading(
  months: readonly EconomyMonth[],
  indexWeeks: number | null,
): PbisMessage | null {
  const [before, last] = months.slice(-2);
  if (before && last && before.issued > 0 && before.medianPrice && last.medianPrice !== null) {
    const change = (last.issued - before.issued) / before.issued;
    const prices = (last.medianPrice - before.medianPrice) / before.medianPrice;
    const percent = Math.round(Math.abs(change) * 100);
    const values = { percent, month: last.month };
    if (change >= ISSUED_CHANGE && Math.abs(prices) < PRICE_STEADY)
      return { key: 'reports.economy.reading.cheaper', values };
    if (change <= -ISSUED_CHANGE && Math.abs(prices) < PRICE_STEADY)
      return { key: 'reports.economy.reading.dearer', values };
    if (change >= ISSUED_CHANGE && prices >= PRICE_STEADY)
      return { key: 'reports.economy.reading.together', values };
  }
  return indexWeeks === null
    ? null
    : { key: 'reports.economy.reading.index', values: { weeks: indexWeeks } };
}
