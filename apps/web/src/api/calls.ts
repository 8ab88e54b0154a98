import type { LoginBody } from '@app/domain';
import { api } from './client';
import type {
  ActivityItem,
  ActivityOption,
  ActivityOptions,
  ActivityQuery,
  ActivityUpdate,
  BalanceStats,
  CalendarView,
  ClassStats,
  ConfigurationEntry,
  CustomActionRequest,
  GiveRequest,
  GiveResult,
  GroupType,
  GroupTypeInput,
  Holiday,
  RosterStudent,
  ContactMessage,
  ContactRequest,
  ContactSent,
  DevPeriod,
  DevUser,
  GradeLevel,
  House,
  LoginResponse,
  Period,
  PeriodDetail,
  PeriodMeta,
  Person,
  ReleaseResponse,
  SchoolInfo,
  SessionUser,
  StatusResponse,
} from './types';

const id = (v: string) => encodeURIComponent(v);

/** Typed calls of spec section 7 that exist on the server today. */
export const auth = {
  login: (body: LoginBody) => api.post<LoginResponse>('auth/login', body, { auth: false }),
  /** Needs a token: without one it resolves to { message: 'No token' } and makes no request. */
  me: () => api.post<SessionUser>('auth/me'),
  logout: () => api.post<{ ok: boolean }>('auth/logout'),
};

export const system = {
  status: () => api.get<StatusResponse>('status', { auth: false }),
  release: () => api.get<ReleaseResponse>('release', { auth: false }),
};

export const periods = {
  list: (scope?: 'school') => api.get<Period[]>('periods', { query: { scope } }),
  get: (periodId: string) => api.get<PeriodDetail>(`periods/${id(periodId)}`),
  setCoTeachers: (periodId: string, coTeachers: string[]) =>
    api.put<Period>(`periods/${id(periodId)}/co-teachers`, { coTeachers }),
};

export const utility = {
  teacherPeriodMeta: () => api.get<PeriodMeta>('utility/teacher/period-meta'),
  coTeachers: () => api.get<Person[]>('utility/list/co-teachers'),
  // Public: visitors may write before signing in; a token, when present, ties it to the sender.
  sendContact: (body: ContactRequest) => api.post<ContactSent>('utility/contact', body, { auth: false }),
  contactMessages: () => api.get<ContactMessage[]>('utility/contact'),
};

export const school = {
  gradeLevels: () => api.get<GradeLevel[]>('school/grade-levels'),
  houses: () => api.get<House[]>('school/houses'),
  /** Every student of the school (whole-school roles). */
  students: () => api.get<RosterStudent[]>('school/students'),
};

export const activity = {
  options: () => api.get<ActivityOptions>('activity/options'),
  give: (body: GiveRequest) => api.post<GiveResult>('activity/bulk', body),
  list: (query: ActivityQuery = {}) => api.get<ActivityItem[]>('activity/', { query: { ...query } }),
  update: (activityId: string, body: ActivityUpdate) => api.put<ActivityItem>(`activity/${id(activityId)}`, body),
  remove: (activityId: string) => api.del<{ ok: boolean }>(`activity/${id(activityId)}`),
  createCustom: (body: CustomActionRequest) => api.post<ActivityOption>('activity/options/custom', body),
  deleteCustom: (typeId: string) => api.del<{ ok: boolean }>(`activity/options/custom/${id(typeId)}`),
  setPowerActions: (userId: string, powerActions: string[]) =>
    api.put<{ powerActions: string[] }>(`settings/power-actions/${id(userId)}`, { powerActions }),
  classStats: (periodId: string, date?: string) => api.get<ClassStats>(`activity/class-stats/${id(periodId)}`, { query: { date } }),
  /** `studentId` is the student's internal id. */
  markAbsent: (studentId: string, date?: string) => api.post<unknown>(`activity/absent/${id(studentId)}`, undefined, { query: { date } }),
  unmarkAbsent: (studentId: string, date?: string) => api.del<unknown>(`activity/absent/${id(studentId)}`, { query: { date } }),
};

export const groupTypes = {
  list: (internalPeriodId: string) => api.get<GroupType[]>('group-types', { query: { internalPeriodId } }),
  create: (internalPeriodId: string, body: GroupTypeInput) => api.post<GroupType>('group-types', { ...body, internalPeriodId }),
  update: (groupTypeId: string, body: GroupTypeInput) => api.put<GroupType>(`group-types/${id(groupTypeId)}`, body),
  remove: (groupTypeId: string) => api.del<unknown>(`group-types/${id(groupTypeId)}`),
  /** Takes back the activities given through one group on `date` (the school's today without one). */
  removeActivity: (groupTypeId: string, groupId: string, date?: string) =>
    api.del<{ removed: number }>(`group-types/${id(groupTypeId)}/groups/${id(groupId)}/activity`, { query: { date } }),
};

export const balances = {
  /** The signed-in student's stats, or (staff) a student's by internal id. */
  stats: (studentId?: string) => api.get<BalanceStats>('utility/student/balance/stats', { query: { studentId } }),
};

export const calendar = {
  get: () => api.get<CalendarView>('calendar'),
  addHoliday: (holiday: Holiday) => api.post<Holiday>('calendar/holidays', holiday),
  removeHoliday: (date: string) => api.del<{ date: string; deleted: boolean }>(`calendar/holidays/${id(date)}`),
};

export const configuration = {
  get: (scope: string) => api.get<ConfigurationEntry[]>(`configuration/${id(scope)}`),
  set: (scope: string, entry: { key: string; value?: string | null; valueObject?: unknown }) =>
    api.post<ConfigurationEntry>(`configuration/${id(scope)}`, entry),
};

export const dev = {
  schools: () => api.get<SchoolInfo[]>('dev/schools'),
  users: (schoolId: string) => api.get<DevUser[]>(`dev/users/${id(schoolId)}`),
  periods: (schoolId: string) => api.get<DevPeriod[]>(`dev/periods/${id(schoolId)}`),
};
