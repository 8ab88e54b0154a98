import type { ActivityListQuery } from './types';

/**
 * Every TanStack Query key of the app, in one place. A key's first element names what the server
 * answers; the later ones narrow it. Invalidating a key also invalidates every longer key that
 * starts with it (`activities.all` covers each activity list), which is what invalidate.ts uses.
 */
export const queryKeys = {
  /** POST auth/me for a token (the session's user). */
  session: (token: string | null) => ['session', token] as const,
  status: {
    /** GET status as AccessGate reads it (development mode). */
    all: ['status'] as const,
    /** GET status on the status page (polled). */
    page: ['status', 'page'] as const,
  },
  /** GET settings/sso and settings/school-tokens (sign-in settings). */
  ssoConfigs: ['sso-configs'] as const,
  schoolTokens: ['school-tokens'] as const,
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
    ofClass: (periodId: string, limit: number) => ['activities', 'class', periodId, limit] as const,
  },
  /** GET activity/class-stats: a class's students with balances, bonuses and flags of a day. */
  classStats: {
    all: ['class-stats'] as const,
    of: (periodId: string, date: string) => ['class-stats', periodId, date] as const,
  },
  /** GET utility/student/balance/stats: the signed-in student's balance, tier and level. */
  balanceStats: ['balance-stats'] as const,

  /** GET calendar: the school year, holidays and today. */
  calendar: ['calendar'] as const,
  /** GET utility/contact: messages received (admins). */
  contactMessages: ['contact-messages'] as const,
  /** GET dev/schools (development mode). */
  devSchools: ['dev', 'schools'] as const,
};

export type QueryKey = readonly unknown[];
