import { msg, rangeRefusal, reportRanges, type PbisRangeQuery } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { appliedRange, reportYears, type AppliedRange } from './range.js';

/**
 * The range of a PBIS call (issue 34): both dates when sent; else the range word (`range=this-week`,
 * the words of the reports' presets: report-ranges.ts) or, without one either, `fallback` (the
 * school's ratio window for coaching, year to date for the reports). A word this school's years do
 * not have (a month of another year) is 400.
 */
export async function pbisRange(
  db: Queryable,
  user: AuthUser,
  q: PbisRangeQuery,
  fallback: string,
): Promise<AppliedRange> {
  if ((q.startDate && q.endDate) || (!q.range && (q.startDate || q.endDate)))
    return appliedRange(db, user, q);
  const word = q.range ?? fallback;
  const years = await reportYears(db, user);
  const found = reportRanges(years.current, years.today, years.past).find((r) => r.key === word);
  if (!found) throw badRequest(msg('msg.rangeUnknown', { word }));
  const refusal = rangeRefusal(found.from, found.to);
  if (refusal) throw badRequest(refusal);
  return { startDate: found.from, endDate: found.to };
}
