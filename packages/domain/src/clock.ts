/*
 * The one clock every date rule reads (docs/testing-dates.md): "today" in a school, the year in
 * force, the daily points, delivery cut-offs, reports' ranges. It runs with the machine's time,
 * shifted by what `setClock` last set: a test (or a server started with CLOCK) chooses its day
 * without faking Date, so timers, durations, sessions and the database keep the real time.
 */
let shiftMs = 0;

/** The clock's current instant. */
export const clockNow = (): Date => new Date(Date.now() + shiftMs);

/** From now on the clock reads `at` (then runs on from it); null returns it to the machine's time. */
export function setClock(at: Date | string | number | null): void {
  if (at === null) {
    shiftMs = 0;
    return;
  }
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new Error(`not a time: ${String(at)}`);
  shiftMs = ms - Date.now();
}
