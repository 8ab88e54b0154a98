import type { CalendarView } from '../api';
import { defaultGiveDate } from '../components/giving/giveDate';
import { pbisOfSchool } from '../routes/class/coaching';
import type { DerivedName } from './early-reads';

/**
 * Query values the boot script reads from an earlier answer (early-reads.ts names which), with the
 * very rule the page itself uses, so the early read is the one the page asks for; should they ever
 * differ, the page's read is not taken and asks the server (take.ts).
 */
export const DERIVED = {
  /** The class page's day, from the school's calendar: the latest school day up to today (ClassPage.tsx). */
  giveDay: (calendar: unknown): string | null => defaultGiveDate(calendar as CalendarView),
  /** The window of the giver's ratio, from the session: its school's (useClassCoaching.ts). */
  coachingWindow: (user: unknown): string | null =>
    pbisOfSchool((user as { school?: object } | null)?.school ?? {}).window,
} satisfies Record<DerivedName, (answer: unknown) => string | null>;
