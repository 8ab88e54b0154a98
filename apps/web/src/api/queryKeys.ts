import type { OrderFilters } from './calls';
import type { ActivityListQuery, UsersRolesQuery } from './types';

/**
 * Every TanStack Query key of the app, in one place. A key's first element names what the server
 * answers; the later ones narrow it. Invalidating a key also invalidates every longer key that
 * starts with it (`activities.all` covers each activity list), which is what invalidate.ts uses.
 */
export const queryKeys = {
  /** POST auth/me for a token (the session's user). */
  session: (token: string | null) => ['session', token] as const,
  /** Every session's user (the School tab writes the school it carries). */
  sessions: ['session'] as const,
  status: {
    /** GET status as AccessGate (development mode) and the demo banner read it. */
    all: ['status'] as const,
    /** GET status on the status page (polled). */
    page: ['status', 'page'] as const,
  },
  /** GET settings/sso and settings/school-tokens (sign-in settings). */
  ssoConfigs: ['sso-configs'] as const,
  schoolTokens: ['school-tokens'] as const,
  signInLimits: ['sign-in-limits'] as const,
  /** GET settings/invitations (docs/decisions/132-invitations-without-mail.md). */
  invitations: ['invitations'] as const,
  /** GET auth/account-setup for an invitation link. */
  accountSetup: (token: string) => ['account-setup', token] as const,
  /** GET configuration/:scope. */
  configuration: (scope: string) => ['configuration', scope] as const,

  periods: {
    /** Every period list (mine and the school's). */
    all: ['periods'] as const,
    /** GET periods: the user's classes. */
    mine: (userId: string | undefined) => ['periods', userId] as const,
    /** GET periods?scope=school. */
    school: ['periods', 'school'] as const,
  },
  /** GET periods/:id, a class with its roster; `period.all` covers every class. */
  period: {
    all: ['period'] as const,
    one: (periodId: string) => ['period', periodId] as const,
  },
  /** GET roster/import/:id: a roster import's progress (polled while it runs). */
  rosterImport: (importId: string) => ['roster-import', importId] as const,
  dataExports: ['data-exports'] as const,
  /** GET utility/list/co-teachers. */
  coTeacherChoices: ['co-teacher-choices'] as const,
  /** GET group-types for a class. */
  groupTypes: {
    all: ['group-types'] as const,
    ofClass: (periodId: string | null) => ['group-types', periodId] as const,
  },

  /** GET school/grade-levels, school/houses, school/students. */
  gradeLevels: ['grade-levels'] as const,
  houses: ['houses'] as const,
  schoolStudents: ['school-students'] as const,

  /** GET activity/options: what the user may give, pins and custom actions. */
  activityOptions: ['activity-options'] as const,
  /** GET activity/: every activity list (a student's own, a class's). */
  activities: {
    all: ['activities'] as const,
    mine: (query: Partial<ActivityListQuery>) => ['activities', 'mine', query] as const,
    ofClass: (periodId: string) => ['activities', 'class', periodId] as const,
  },
  /** GET activity/class-stats: a class's students with balances, bonuses and flags of a day. */
  classStats: {
    all: ['class-stats'] as const,
    of: (periodId: string, date: string) => ['class-stats', periodId, date] as const,
  },
  /** The reports screen: its meta, and each tab's answer by its filters; `reports.all` covers them all. */
  reports: {
    all: ['reports'] as const,
    meta: ['reports', 'meta'] as const,
    tab: (tab: string, filters: object, subject?: string) =>
      ['reports', tab, subject ?? null, filters] as const,
  },
  /** GET coaching/me: the giver's ratio over a window and the students nobody has recognised (issue 34). */
  coaching: {
    all: ['coaching'] as const,
    me: (range: string) => ['coaching', 'me', range] as const,
  },
  /** GET students/:id/demographics (readers of `reports:equity`). */
  demographics: (studentId: string) => ['demographics', studentId] as const,
  /** GET utility/student/balance/stats: the signed-in student's balance, tier and level. */
  balanceStats: ['balance-stats'] as const,
  /** The same for one student (staff: a teacher ordering for a student); under balanceStats. */
  balanceOf: (studentId: string) => ['balance-stats', studentId] as const,

  /** GET store/meta: open or closed, next delivery date, fonts and icons (owned, chosen). */
  storeMeta: ['store-meta'] as const,
  /** GET products/school-store and products/teacher-store; `products.all` covers both. */
  products: {
    all: ['products'] as const,
    school: ['products', 'School'] as const,
    teacher: ['products', 'Teacher'] as const,
  },
  /** The store counter (issue 35): a student by badge code, the products on sale; `counter.all` covers both. */
  counter: {
    all: ['counter'] as const,
    student: (code: string | null) => ['counter', 'student', code] as const,
    products: ['counter', 'products'] as const,
  },
  /** GET cashier-codes: the school's codes in use. */
  cashierCodes: ['cashier-codes'] as const,
  /** GET goal: the student's saving goal, or the note of one the server unpinned. */
  goal: ['goal'] as const,
  /** GET notifications: the bell's unread count and latest notifications (polled). */
  notifications: ['notifications'] as const,
  /** GET cart: the student's cart with each product as it is now. */
  cart: ['cart'] as const,
  /** The order lists and the queue's figures; `orders.all` covers each of them. */
  orders: {
    all: ['orders'] as const,
    /** GET order/student (My Orders). */
    mine: (filters: OrderFilters) => ['orders', 'mine', filters] as const,
    /** GET order/teacher/ (a teacher's store, or the fulfilment queue). */
    ofStore: (filters: OrderFilters) => ['orders', 'store', filters] as const,
    /** GET order/store-manager/meta: counts by status, delivery dates, grades. */
    managerMeta: ['orders', 'manager-meta'] as const,
    /** GET order/stats/:studentId (pickup). */
    stats: (studentId: string) => ['orders', 'stats', studentId] as const,
  },
  /** GET utility/student/dashboard/stats and academic-projections: a student's dashboard (`null` = the signed-in student). */
  dashboard: {
    all: ['dashboard'] as const,
    stats: (studentId: string | null, days: number) =>
      ['dashboard', 'stats', studentId, days] as const,
    projections: (studentId: string | null) => ['dashboard', 'projections', studentId] as const,
  },
  /** POST utility/student/balance: balances at a list of end dates (the pay-period breakdown). */
  balancesAt: {
    all: ['balances-at'] as const,
    of: (studentId: string | null, endDates: readonly string[]) =>
      ['balances-at', studentId, endDates] as const,
  },

  /** GET calendar: the school year, holidays and today. */
  calendar: ['calendar'] as const,
  /** GET utility/contact: messages received (admins). */
  contactMessages: ['contact-messages'] as const,
  /** Settings: GET settings (the school's), the users-and-roles pages, the role audit, delivery dates. */
  settings: {
    all: ['settings'] as const,
    school: ['settings', 'school'] as const,
    /** GET settings/school: the school's profile. */
    profile: ['settings', 'profile'] as const,
    users: {
      all: ['settings', 'users'] as const,
      page: (query: Partial<UsersRolesQuery>) => ['settings', 'users', query] as const,
    },
    roleChanges: ['settings', 'role-changes'] as const,
    deliveryDates: ['settings', 'delivery-dates'] as const,
    /** GET settings/school-year; an opening's progress by id. */
    schoolYear: ['settings', 'school-year'] as const,
    opening: (openingId: string) => ['settings', 'school-year', 'opening', openingId] as const,
  },
  /** Surveys: the one to ask the signed-in user, and the school's results (admins). */
  surveys: {
    pendingAll: ['surveys', 'pending'] as const,
    pending: (userId: string) => ['surveys', 'pending', userId] as const,
    results: ['surveys', 'results'] as const,
  },
  /** GET setup (the first start). */
  setupStatus: ['setup'] as const,
  /** GET district/schools and district/figures (the district console). */
  district: {
    all: ['district'] as const,
    schools: ['district', 'schools'] as const,
    figures: ['district', 'figures'] as const,
  },
  /** GET dev/schools (development mode). */
  devSchools: ['dev', 'schools'] as const,
};

export type QueryKey = readonly unknown[];
