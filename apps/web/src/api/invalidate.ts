import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type QueryKey } from './queryKeys';

/**
 * What a change to points shows up in: every activity list (a student's own, a class's), the
 * student's balance, tier and level, and the class page's balances and day totals.
 */
const POINTS: readonly QueryKey[] = [queryKeys.activities.all, queryKeys.balanceStats, queryKeys.classStats.all];

/**
 * The one rule per change: which queries a change makes stale. Each mutation calls the matching
 * `after…` function below instead of naming keys itself, so a screen that shows the data later
 * (a store, a report) is refreshed by adding its key here.
 */
export const STALE_AFTER = {
  /** A give to students, a group, a grade or a house. */
  give: POINTS,
  /** A give taken back: its toast's Undo, or a group's "undo the day". */
  undo: POINTS,
  /** An activity's points or comment edited, or the activity deleted. */
  activityEdit: POINTS,
  /** A student marked absent or present: attendance points go or come back, and the day's totals change. */
  absence: POINTS,
  /** A custom action added or removed, or an action pinned. */
  actionOptions: [queryKeys.activityOptions],
  /** A class's co-teachers changed: the class and the period lists name them. */
  coTeachers: [queryKeys.period.all, queryKeys.periods.all],
  /** A holiday added or removed. */
  calendar: [queryKeys.calendar],
  /** A contact message sent. */
  contact: [queryKeys.contactMessages],
  /** An SSO client set or removed. */
  ssoConfig: [queryKeys.ssoConfigs],
  /** A school token issued, rotated or revoked. */
  schoolTokens: [queryKeys.schoolTokens],
} satisfies Record<string, readonly QueryKey[]>;

export type Change = keyof typeof STALE_AFTER;

/** Marks what `change` makes stale; queries on screen refetch now, the others when next shown. */
export function invalidateAfter(queryClient: QueryClient, change: Change): Promise<void> {
  return Promise.all(STALE_AFTER[change].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

export const afterGive = (queryClient: QueryClient) => invalidateAfter(queryClient, 'give');
export const afterUndo = (queryClient: QueryClient) => invalidateAfter(queryClient, 'undo');
export const afterActivityEdit = (queryClient: QueryClient) => invalidateAfter(queryClient, 'activityEdit');
export const afterAbsence = (queryClient: QueryClient) => invalidateAfter(queryClient, 'absence');
export const afterActionOptionsChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'actionOptions');
export const afterCoTeachersChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'coTeachers');
export const afterCalendarChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'calendar');
export const afterContactSent = (queryClient: QueryClient) => invalidateAfter(queryClient, 'contact');

/** A class's group types changed (added, renamed, regrouped or deleted). */
export const afterGroupTypesChange = (queryClient: QueryClient, periodId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.groupTypes.ofClass(periodId) });
