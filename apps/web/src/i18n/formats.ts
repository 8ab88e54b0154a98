/**
 * Numbers and dates by Intl in a language, one set per language for the whole app. Building an
 * Intl formatter costs far more than using one (a locale look-up each time): a class page built
 * them for every row of its roster, a third of a second on a phone (issue 35). A calendar date
 * ('YYYY-MM-DD') is a day, not an instant: it is formatted in UTC so no time zone moves it.
 */

import { memo } from './memo';

const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

export interface Formats {
  number: (n: number) => string;
  /** "November 25, 2026" / "25 de noviembre de 2026". */
  longDate: (date: string) => string;
  /** "Nov 25, 2026" / "25 nov 2026". */
  mediumDate: (date: string) => string;
  /** "October 2026" / "octubre de 2026", from 'YYYY-MM'. */
  month: (m: string) => string;
  /** "Oct 14" / "14 oct", from 'YYYY-MM-DD'. */
  monthDay: (date: string) => string;
  /** A calendar day ('YYYY-MM-DD' or a UTC Date) with any Intl options, in UTC. */
  day: (date: string | Date, options: Intl.DateTimeFormatOptions) => string;
  /** A moment in a time zone (the school's): "Nov 25, 2026, 9:41 AM". */
  dateTime: (instant: string | Date, timeZone?: string) => string;
}

const byLanguage = new Map<string, Formats>();

/** The language's formats, built once; each formatter is built on its first use. */
export function formatsFor(language: string): Formats {
  let f = byLanguage.get(language);
  if (f) return f;
  const dateFormat = memo(
    (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options),
  );
  let numbers: Intl.NumberFormat | undefined;
  f = {
    number: (n) => (numbers ??= new Intl.NumberFormat(language)).format(n),
    longDate: (date) => dateFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(utcDay(date)),
    mediumDate: (date) => dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(utcDay(date)),
    month: (m) =>
      dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        utcDay(`${m.slice(0, 7)}-01`),
      ),
    monthDay: (date) =>
      dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utcDay(date)),
    day: (date, options) =>
      dateFormat({ ...options, timeZone: 'UTC' }).format(
        typeof date === 'string' ? utcDay(date) : date,
      ),
    dateTime: (instant, timeZone) =>
      dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        typeof instant === 'string' ? new Date(instant) : instant,
      ),
  };
  byLanguage.set(language, f);
  return f;
}
