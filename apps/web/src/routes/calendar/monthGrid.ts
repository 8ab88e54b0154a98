import { addDays, addMonths, weekdayOf } from '@app/domain';

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month before or after 'YYYY-MM'. */
export const shiftMonth = addMonths;

/** The weeks of a month, Sunday first; days outside the month are null. */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = weekdayOf(first);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** The months of the school year, 'YYYY-MM', from its start to its end. */
export function yearMonths(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(start); m <= monthOf(end) && out.length < 24; m = shiftMonth(m, 1))
    out.push(m);
  return out;
}
