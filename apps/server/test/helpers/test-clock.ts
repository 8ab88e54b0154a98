import { setClock } from '@app/domain';

/*
 * Every API, domain and web test file starts on the same school day, whatever day the suite runs
 * (docs/testing-dates.md): a Wednesday in the middle of the factory's year, mid-morning in the
 * Americas, late afternoon in Europe. A test that needs another day calls `atNoon` or `setClock`;
 * the machine's date decides nothing.
 */
export const TEST_NOW = '2026-10-14T16:00:00Z';

/** The clock at noon of `date` in `timeZone` (the school's day for every date rule). */
export function atNoon(date: string, timeZone = 'America/New_York'): void {
  setClock(instantIn(timeZone, date));
}

/** The instant `date` `hh:mm` shows on a clock in `timeZone` (its offset that moment, summer time or not). */
export function instantIn(timeZone: string, date: string, hh = 12, mm = 0): Date {
  const wall = Date.parse(`${date}T${pad(hh)}:${pad(mm)}:00Z`);
  // The zone's offset at a moment: its wall clock read as UTC, less the moment.
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(t)
        .map((x) => [x.type, x.value]),
    );
    return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - t;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

const pad = (n: number) => String(n).padStart(2, '0');

setClock(TEST_NOW);
