import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  afterAbsence,
  afterCalendarChange,
  afterCartChange,
  afterCustomization,
  afterDeliveryDatesChange,
  afterGive,
  afterGroupTypesChange,
  afterOrder,
  afterOrderChange,
  afterProductChange,
  afterRolesChange,
  afterRosterImport,
  afterSchoolProfileChange,
  afterStoreMetaChange,
  afterSurveyAnswered,
  afterUndo,
  invalidateAfter,
  STALE_AFTER,
  type Change,
} from './invalidate';
import { queryKeys } from './queryKeys';

/** A cache holding one query of every kind the screens show, none of them stale yet. */
function filledCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = {
    myActivity: queryKeys.activities.mine({ category: 'Bonuses' }),
    classActivity: queryKeys.activities.ofClass('p1'),
    classStats: queryKeys.classStats.of('p1', '2025-10-06'),
    otherDayStats: queryKeys.classStats.of('p2', '2025-10-03'),
    balance: queryKeys.balanceStats,
    dashboard: queryKeys.dashboard.stats(null, 30),
    projections: queryKeys.dashboard.projections('s1'),
    breakdown: queryKeys.balancesAt.of('s1', ['2025-08-31']),
    options: queryKeys.activityOptions,
    houses: queryKeys.houses,
    calendar: queryKeys.calendar,
    periods: queryKeys.periods.mine('u1'),
    schoolPeriods: queryKeys.periods.school,
    period: queryKeys.period.one('p1'),
    groupTypes: queryKeys.groupTypes.ofClass('p1'),
    otherGroupTypes: queryKeys.groupTypes.ofClass('p2'),
    contact: queryKeys.contactMessages,
    settings: queryKeys.settings.school,
    usersPage: queryKeys.settings.users.page({ search: 'ma' }),
    roleChanges: queryKeys.settings.roleChanges,
    deliveryDates: queryKeys.settings.deliveryDates,
    survey: queryKeys.surveys.pending('u1'),
    surveyResults: queryKeys.surveys.results,
    session: queryKeys.session('token'),
    storeMeta: queryKeys.storeMeta,
    schoolProducts: queryKeys.products.school,
    teacherProducts: queryKeys.products.teacher,
    cart: queryKeys.cart,
    myOrders: queryKeys.orders.mine({ status: 'ALL' }),
    storeOrders: queryKeys.orders.ofStore({ status: 'PENDING' }),
    managerMeta: queryKeys.orders.managerMeta,
    studentBalance: queryKeys.balanceOf('s1'),
    coaching: queryKeys.coaching.me('this-week'),
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
  it('settings changes refresh their own lists only', async () => {
    const roles = filledCache();
    await afterRolesChange(roles.queryClient);
    expect(roles.stale()).toEqual(['roleChanges', 'usersPage']);
    const dates = filledCache();
    await afterDeliveryDatesChange(dates.queryClient);
    expect(dates.stale()).toEqual(['deliveryDates', 'settings']);
    const profile = filledCache();
    await afterSchoolProfileChange(profile.queryClient);
    expect(profile.stale()).toEqual([
      'calendar',
      'coaching',
      'deliveryDates',
      'houses',
      'settings',
      'storeMeta',
    ]);
    const survey = filledCache();
    await afterSurveyAnswered(survey.queryClient);
    expect(survey.stale()).toEqual(['survey', 'surveyResults']);
  });

  it("a give refreshes balances, every activity list, every class stats, the dashboard, the pay-period breakdown and the giver's ratio, and nothing else", async () => {
    const { queryClient, stale } = filledCache();
    await afterGive(queryClient);
    expect(stale()).toEqual([
      'balance',
      'breakdown',
      'classActivity',
      'classStats',
      'coaching',
      'dashboard',
      'myActivity',
      'otherDayStats',
      'projections',
      'studentBalance',
    ]);
  });

  it('an undo and an absence change the same points as a give', async () => {
    for (const run of [afterUndo, afterAbsence]) {
      const { queryClient, stale } = filledCache();
      await run(queryClient);
      expect(stale()).toEqual([
        'balance',
        'breakdown',
        'classActivity',
        'classStats',
        'coaching',
        'dashboard',
        'myActivity',
        'otherDayStats',
        'projections',
        'studentBalance',
      ]);
    }
  });

  it('every change that moves points has the same rule', () => {
    for (const change of ['give', 'undo', 'activityEdit', 'absence'] as Change[])
      expect(STALE_AFTER[change]).toBe(STALE_AFTER.give);
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

  it('a cart change refreshes the cart only', async () => {
    const { queryClient, stale } = filledCache();
    await afterCartChange(queryClient);
    expect(stale()).toEqual(['cart']);
  });

  it('a purchase refreshes the cart, stock, every order list, the balances and the dashboard', async () => {
    const { queryClient, stale } = filledCache();
    await afterOrder(queryClient);
    expect(stale()).toEqual([
      'balance',
      'breakdown',
      'cart',
      'classStats',
      'dashboard',
      'managerMeta',
      'myOrders',
      'otherDayStats',
      'projections',
      'schoolProducts',
      'storeOrders',
      'studentBalance',
      'teacherProducts',
    ]);
  });

  it("an order's status refreshes orders, stock, balances and ownership of fonts and icons, not the cart", async () => {
    const { queryClient, stale } = filledCache();
    await afterOrderChange(queryClient);
    expect(stale()).toEqual([
      'balance',
      'breakdown',
      'classStats',
      'dashboard',
      'managerMeta',
      'myOrders',
      'otherDayStats',
      'projections',
      'schoolProducts',
      'storeMeta',
      'storeOrders',
      'studentBalance',
      'teacherProducts',
    ]);
  });

  it('a product change refreshes both stores and the cart', async () => {
    const { queryClient, stale } = filledCache();
    await afterProductChange(queryClient);
    expect(stale()).toEqual(['cart', 'schoolProducts', 'teacherProducts']);
  });

  it('a font or icon bought refreshes what is owned, the balance and the orders', async () => {
    const { queryClient, stale } = filledCache();
    await afterCustomization(queryClient);
    expect(stale()).toEqual([
      'balance',
      'breakdown',
      'classStats',
      'dashboard',
      'managerMeta',
      'myOrders',
      'otherDayStats',
      'projections',
      'storeMeta',
      'storeOrders',
      'studentBalance',
    ]);
  });

  it('a chosen font or icon, or the store opened or closed, refreshes store/meta only', async () => {
    const { queryClient, stale } = filledCache();
    await afterStoreMetaChange(queryClient);
    expect(stale()).toEqual(['storeMeta']);
  });

  it('no rule touches the session', async () => {
    const { queryClient, stale } = filledCache();
    for (const change of Object.keys(STALE_AFTER) as Change[])
      await invalidateAfter(queryClient, change);
    expect(stale()).not.toContain('session');
  });
});
