import type { Action } from '@app/domain';
import { ROUTE_TABLE } from '../api/route-table.generated';

/** A call the boot script may send before the app has loaded: a read that sends nothing. */
export interface EarlyCall {
  method: 'GET' | 'POST';
  path: string;
}

/** The values the boot script reads from an earlier answer (derived.ts holds their rules). */
export type DerivedName = 'giveDay' | 'coachingWindow';

/**
 * A page's read: its query's values are each a route parameter (`:name`) or a value the boot script
 * reads from an earlier answer (`=name`, derived.ts), the read then waiting for that answer.
 */
export interface EarlyRead extends EarlyCall {
  query?: Record<string, `:${string}` | `=${DerivedName}`>;
}

/**
 * The session's lookup: every signed-in visit starts with it (docs/spec.md section 4), so the boot
 * script sends it while the app itself still downloads (apps/web/src/boot/boot.ts).
 */
export const SESSION_READ: EarlyCall = ROUTE_TABLE.auth.me;

/** A page whose first screen waits on reads and on a lazily loaded part of its own. */
export interface EarlyPage {
  /** The route (docs/spec.md section 2). */
  path: string;
  /** Whom the reads are for: the roles the permission table grants this action. */
  action: Action;
  /** The lazily loaded part that shows the reads (a source file under apps/web): its chunk is preloaded. */
  module: string;
  /** Its reads; a `:name` in a path is the route's own parameter of that name. */
  reads: readonly EarlyRead[];
}

/** Staff load their screens' words up front (I18nProvider): the roles that may list classes. */
export const STAFF_ACTION: Action = 'periods:list';

/**
 * The pages a phone opens most, and what their first screen reads (issue 35). The boot script
 * starts these reads once the session answers, instead of after the app has loaded, parsed, and
 * drawn the page; the API client takes their answers instead of asking again (client.ts).
 */
export const EARLY_PAGES: readonly EarlyPage[] = [
  {
    // The student home: the saving goal's card.
    path: '/',
    action: 'goals:use',
    module: 'src/routes/landing/GoalCard.tsx',
    reads: [ROUTE_TABLE.goal.get, ROUTE_TABLE.utility.balanceStats],
  },
  {
    // The class page: the class, the school's calendar (the give's day), the class's groups, and,
    // once the calendar and the session answer, the roster of the give's day and the giver's ratio
    // (the roster waits for both).
    path: '/class/:internalPeriodId',
    action: 'activity:give',
    module: 'src/routes/class/ClassPage.tsx',
    reads: [
      {
        ...ROUTE_TABLE.periods.get,
        path: ROUTE_TABLE.periods.get.path.replace(':id', ':internalPeriodId'),
      },
      ROUTE_TABLE.calendar.get,
      { ...ROUTE_TABLE.groupTypes.list, query: { internalPeriodId: ':internalPeriodId' } },
      {
        ...ROUTE_TABLE.activity.classStats,
        path: ROUTE_TABLE.activity.classStats.path.replace(':id', ':internalPeriodId'),
        query: { date: '=giveDay' },
      },
      { ...ROUTE_TABLE.coaching.me, query: { range: '=coachingWindow' } },
    ],
  },
];

/** The answer each derived value is read from (derived.ts): the session's, or a page's read. */
export const DERIVED_FROM: Record<DerivedName, EarlyCall> = {
  giveDay: ROUTE_TABLE.calendar.get,
  coachingWindow: SESSION_READ,
};
