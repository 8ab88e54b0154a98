import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * Numbers and dates by Intl in the screens' language. A calendar date ('YYYY-MM-DD') is a day, not
 * an instant: it is formatted in UTC so no time zone moves it.
 */
export function useFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      number: (n: number) => intl.formatNumber(n),
      /** "November 25, 2026" / "25 de noviembre de 2026". */
      longDate: (date: string) =>
        intl.formatDate(new Date(`${date.slice(0, 10)}T00:00:00Z`), {
          dateStyle: 'long',
          timeZone: 'UTC',
        }),
      /** "Nov 25, 2026". */
      mediumDate: (date: string) =>
        intl.formatDate(new Date(`${date.slice(0, 10)}T00:00:00Z`), {
          dateStyle: 'medium',
          timeZone: 'UTC',
        }),
      /** "October 2026" from 'YYYY-MM'. */
      month: (month: string) =>
        intl.formatDate(new Date(`${month.slice(0, 7)}-01T00:00:00Z`), {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      /** A moment in the school's time zone: "Nov 25, 2026, 9:41 AM". */
      dateTime: (instant: string | Date, timeZone?: string) =>
        intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    }),
    [intl],
  );
}
