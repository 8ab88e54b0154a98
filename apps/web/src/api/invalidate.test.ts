import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterAbsence, afterCalendarChange, afterGive, afterGroupTypesChange, afterRosterImport, afterUndo, invalidateAfter, STALE_AFTER, type Change } from './invalidate';
import { queryKeys } from './queryKeys';

/** A cache holding one query of every kind the screens show, none of them stale yet. */
function filledCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = {
    myActivity: queryKeys.activities.mine({ limit: 50 }),
    classActivity: queryKeys.activities.ofClass('p1', 25),
    classStats: queryKeys.classStats.of('p1', '2025-10-06'),
    otherDayStats: queryKeys.classStats.of('p2', '2025-10-03'),
    balance: queryKeys.balanceStats,
    options: queryKeys.activityOptions,
    houses: queryKeys.houses,
    calendar: queryKeys.calendar,
    periods: queryKeys.periods.mine('u1'),
    schoolPeriods: queryKeys.periods.school,
    period: queryKeys.period.one('p1'),
    groupTypes: queryKeys.groupTypes.ofClass('p1'),
    otherGroupTypes: queryKeys.groupTypes.ofClass('p2'),
    contact: queryKeys.contactMessages,
    session: queryKeys.session('token'),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
  /** The names of the queries a change marked stale, sorted. */
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
}

describe('invalidation rules', () => {
  it('a give refreshes balances, every activity list and every class stats, and nothing else', async () => {
    const { queryClient, stale } = filledCache();
    await afterGive(queryClient);
    expect(stale()).toEqual(['balance', 'classActivity', 'classStats', 'myActivity', 'otherDayStats']);
  });

  it('an undo and an absence change the same points as a give', async () => {
    for (const run of [afterUndo, afterAbsence]) {
      const { queryClient, stale } = filledCache();
      await run(queryClient);
      expect(stale()).toEqual(['balance', 'classActivity', 'classStats', 'myActivity', 'otherDayStats']);
    }
  });

  it('every change that moves points has the same rule', () => {
    for (const change of ['give', 'undo', 'activityEdit', 'absence'] as Change[]) expect(STALE_AFTER[change]).toBe(STALE_AFTER.give);
  });

  it('a holiday refreshes the calendar only', async () => {
    const { queryClient, stale } = filledCache();
    await afterCalendarChange(queryClient);
    expect(stale()).toEqual(['calendar']);
  });

  it('co-teachers refresh the class and both period lists', async () => {
    const { queryClient, stale } = filledCache();
    await invalidateAfter(queryClient, 'coTeachers');
    expect(stale()).toEqual(['period', 'periods', 'schoolPeriods']);
  });

  it('a roster import refreshes the classes and both period lists, not the points', async () => {
    const { queryClient, stale } = filledCache();
    await afterRosterImport(queryClient);
    expect(stale()).toEqual(['period', 'periods', 'schoolPeriods']);
  });

  it("a class's group types refresh that class's only", async () => {
    const { queryClient, stale } = filledCache();
    await afterGroupTypesChange(queryClient, 'p1');
    expect(stale()).toEqual(['groupTypes']);
  });

  it('no rule touches the session', async () => {
    const { queryClient, stale } = filledCache();
    for (const change of Object.keys(STALE_AFTER) as Change[]) await invalidateAfter(queryClient, change);
    expect(stale()).not.toContain('session');
  });
});
