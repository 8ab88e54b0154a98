import { useContext, useMemo } from 'react';
import { LanguageContext } from './context';

const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * Numbers and dates by Intl in the screens' language. A calendar date ('YYYY-MM-DD') is a day, not
 * an instant: it is formatted in UTC so no time zone moves it.
 */
export function useFormat() {
  const language = useContext(LanguageContext)?.language ?? 'en';
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language);
    const long = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const medium = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(language, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      number: (n: number) => numbers.format(n),
      /** "November 25, 2026" / "25 de noviembre de 2026". */
      longDate: (date: string) => long.format(utcDay(date)),
      /** "Nov 25, 2026" / "25 nov 2026". */
      mediumDate: (date: string) => medium.format(utcDay(date)),
      /** "October 2026" / "octubre de 2026", from 'YYYY-MM'. */
      month: (m: string) => month.format(utcDay(`${m.slice(0, 7)}-01`)),
      /** "Oct 14" / "14 oct", from 'YYYY-MM-DD'. */
      monthDay: (date: string) =>
        new Intl.DateTimeFormat(language, {
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        }).format(utcDay(date)),
      /** A calendar day ('YYYY-MM-DD' or a UTC Date) with any Intl options, in UTC. */
      day: (date: string | Date, options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
          typeof date === 'string' ? utcDay(date) : date,
        ),
      /** A moment in a time zone (the school's): "Nov 25, 2026, 9:41 AM". */
      dateTime: (instant: string | Date, timeZone?: string) =>
        new Intl.DateTimeFormat(language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone,
        }).format(typeof instant === 'string' ? new Date(instant) : instant),
    };
  }, [language]);
}
