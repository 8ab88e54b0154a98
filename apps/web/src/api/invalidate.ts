import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type QueryKey } from './queryKeys';

/**
 * What a change to points shows up in: every activity list (a student's own, a class's), the
 * student's balance, tier and level, the class page's balances and day totals, the reports, the
 * student dashboard, the pay-period breakdown and the giver's ratio on the class page.
 */
const POINTS: readonly QueryKey[] = [
  queryKeys.activities.all,
  queryKeys.balanceStats,
  queryKeys.classStats.all,
  queryKeys.reports.all,
  queryKeys.dashboard.all,
  queryKeys.balancesAt.all,
  queryKeys.coaching.all,
];

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
  /** A roster import done: people, classes, rosters and co-teachers may all have changed. */
  rosterImport: [
    queryKeys.periods.all,
    queryKeys.period.all,
    queryKeys.schoolStudents,
    queryKeys.coTeacherChoices,
    queryKeys.gradeLevels,
  ],
  /** A contact message sent. */
  contact: [queryKeys.contactMessages],
  /** The cart changed (a product added, a quantity changed, a line removed). */
  cart: [queryKeys.cart],
  /** A purchase: the cart lost what was bought, stock went down, points were spent, an order appeared (maybe the goal's). */
  order: [
    // A sale at the counter (issue 35) is a purchase too.
    queryKeys.counter.all,
    queryKeys.goal,
    queryKeys.cart,
    queryKeys.products.all,
    queryKeys.orders.all,
    queryKeys.balanceStats,
    queryKeys.classStats.all,
    queryKeys.dashboard.all,
    queryKeys.balancesAt.all,
    queryKeys.reports.all,
  ],
  /**
   * An order's status moved (packaged, redeemed, canceled, refunded): canceling and refunding
   * give points and stock back, and a refunded font or icon is no longer owned.
   */
  orderChange: [
    queryKeys.counter.all,
    queryKeys.orders.all,
    queryKeys.products.all,
    queryKeys.balanceStats,
    queryKeys.classStats.all,
    queryKeys.storeMeta,
    queryKeys.dashboard.all,
    queryKeys.balancesAt.all,
    queryKeys.reports.all,
  ],
  /** A product created, changed, hidden, shown or deleted: the stores and any cart holding it. */
  productChange: [queryKeys.products.all, queryKeys.cart],
  /** A font or icon bought: owned now, points spent, an order in My Orders. */
  customization: [
    queryKeys.storeMeta,
    queryKeys.balanceStats,
    queryKeys.orders.all,
    queryKeys.classStats.all,
    queryKeys.dashboard.all,
    queryKeys.balancesAt.all,
    queryKeys.reports.all,
  ],
  /** The font and icon a student shows, or the store opened or closed: store/meta answers both. */
  storeMeta: [queryKeys.storeMeta],
  /** A user's roles changed: the lists show them, the audit trail gains a row. */
  roles: [queryKeys.settings.users.all, queryKeys.settings.roleChanges],
  /** The house system, advanced settings or the store's open state changed. */
  schoolSettings: [queryKeys.settings.school],
  /**
   * The school's profile saved: the settings, houses, store model, the calendar's today, reports and
   * the store's state may all have moved (the School tab writes the session's school itself).
   */
  schoolProfile: [
    queryKeys.settings.profile,
    queryKeys.settings.school,
    queryKeys.settings.deliveryDates,
    queryKeys.houses,
    queryKeys.calendar,
    queryKeys.reports.all,
    queryKeys.storeMeta,
    // The PBIS target, window and recognition days (issue 34).
    queryKeys.coaching.all,
  ],
  /** A delivery date added, changed or removed, or the store model changed. */
  deliveryDates: [queryKeys.settings.deliveryDates, queryKeys.settings.school],
  /** A survey answered or dismissed (by its asker: the next one, if any). */
  survey: [queryKeys.surveys.pendingAll, queryKeys.surveys.results],
  /** An SSO client set or removed. */
  ssoConfig: [queryKeys.ssoConfigs],
  /** A cashier code made or revoked (issue 35). */
  cashierCodes: [queryKeys.cashierCodes],
  /** A school token issued, rotated or revoked. */
  schoolTokens: [queryKeys.schoolTokens],
  /** A refused address lifted. */
  signInLimits: [queryKeys.signInLimits],
  /** An invitation sent (one, a guardian's or everyone's): the list of invitations. */
  invitations: [queryKeys.invitations],
  /** A saving goal pinned, unpinned or its note dismissed. */
  goal: [queryKeys.goal],
  /**
   * The bell heard of something new: points received or an order moved by the store. What the
   * student sees of both refreshes without a reload (the goal's progress reads the balance).
   */
  notified: [...POINTS, queryKeys.orders.all, queryKeys.goal],
  /** A student's demographics set: the fairness report groups by them (issue 34). */
  demographics: [queryKeys.reports.all],
  /** The school year's dates or balance policy changed: every date rule reads them. */
  schoolYear: [queryKeys.settings.schoolYear, queryKeys.calendar],
} satisfies Record<string, readonly QueryKey[]>;

export type Change = keyof typeof STALE_AFTER;

/** Marks what `change` makes stale; queries on screen refetch now, the others when next shown. */
export function invalidateAfter(queryClient: QueryClient, change: Change): Promise<void> {
  return Promise.all(
    STALE_AFTER[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

export const afterGive = (queryClient: QueryClient) => invalidateAfter(queryClient, 'give');
export const afterUndo = (queryClient: QueryClient) => invalidateAfter(queryClient, 'undo');
export const afterActivityEdit = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'activityEdit');
export const afterAbsence = (queryClient: QueryClient) => invalidateAfter(queryClient, 'absence');
export const afterActionOptionsChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'actionOptions');
export const afterCoTeachersChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'coTeachers');
export const afterCalendarChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'calendar');
export const afterContactSent = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'contact');
export const afterCartChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'cart');
export const afterOrder = (queryClient: QueryClient) => invalidateAfter(queryClient, 'order');
export const afterOrderChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'orderChange');
export const afterProductChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'productChange');
export const afterCustomization = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'customization');
export const afterStoreMetaChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'storeMeta');
export const afterRolesChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'roles');
export const afterSchoolSettingsChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'schoolSettings');
export const afterSchoolProfileChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'schoolProfile');
export const afterDeliveryDatesChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'deliveryDates');
export const afterSurveyAnswered = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'survey');
export const afterGoalChange = (queryClient: QueryClient) => invalidateAfter(queryClient, 'goal');
export const afterNotified = (queryClient: QueryClient) => invalidateAfter(queryClient, 'notified');
export const afterDemographicsChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'demographics');
export const afterSchoolYearChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'schoolYear');
/** A new school year opened: grades, balances, the calendar and every report changed. */
export const afterYearOpened = (queryClient: QueryClient) => queryClient.invalidateQueries();
export const afterRosterImport = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'rosterImport');
export const afterCashierCodesChange = (queryClient: QueryClient) =>
  invalidateAfter(queryClient, 'cashierCodes');

/** A class's group types changed (added, renamed, regrouped or deleted). */
export const afterGroupTypesChange = (queryClient: QueryClient, periodId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.groupTypes.ofClass(periodId) });
