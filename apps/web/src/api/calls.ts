import type { LoginBody } from '@app/domain';
import { api } from './client';
import type {
  ActivityItem,
  ActivityOption,
  ActivityOptions,
  ActivityListQuery,
  ActivityUpdateBody,
  ActivityUpdated,
  AbsenceChange,
  ConfigurationBody,
  GroupActivityRemoved,
  GroupTypeDeleted,
  HolidayRemoved,
  OkResponse,
  PowerActions,
  BalanceStats,
  CalendarView,
  ClassStats,
  ConfigurationEntry,
  CustomActionInput,
  BulkGiveBody,
  GiveResult,
  GroupType,
  GroupTypeUpdateBody,
  Holiday,
  RosterDryRun,
  RosterImport,
  RosterStudent,
  ContactMessage,
  ContactBody,
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
  logout: () => api.post<OkResponse>('auth/logout'),
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
  sendContact: (body: ContactBody) => api.post<ContactSent>('utility/contact', body, { auth: false }),
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
  give: (body: BulkGiveBody) => api.post<GiveResult>('activity/bulk', body),
  list: (query: Partial<ActivityListQuery> = {}) => api.get<ActivityItem[]>('activity/', { query: { ...query } }),
  update: (activityId: string, body: ActivityUpdateBody) => api.put<ActivityUpdated>(`activity/${id(activityId)}`, body),
  remove: (activityId: string) => api.del<OkResponse>(`activity/${id(activityId)}`),
  /** Takes one whole give back (the Undo of its toast). */
  undoGive: (giveId: string) => api.del<GroupActivityRemoved>(`activity/give/${id(giveId)}`),
  createCustom: (body: CustomActionInput) => api.post<ActivityOption>('activity/options/custom', body),
  deleteCustom: (typeId: string) => api.del<OkResponse>(`activity/options/custom/${id(typeId)}`),
  setPowerActions: (userId: string, powerActions: string[]) =>
    api.put<PowerActions>(`settings/power-actions/${id(userId)}`, { powerActions }),
  classStats: (periodId: string, date?: string) => api.get<ClassStats>(`activity/class-stats/${id(periodId)}`, { query: { date } }),
  /** `studentId` is the student's internal id. */
  markAbsent: (studentId: string, date?: string) => api.post<AbsenceChange>(`activity/absent/${id(studentId)}`, undefined, { query: { date } }),
  unmarkAbsent: (studentId: string, date?: string) => api.del<AbsenceChange>(`activity/absent/${id(studentId)}`, { query: { date } }),
};

export const groupTypes = {
  list: (internalPeriodId: string) => api.get<GroupType[]>('group-types', { query: { internalPeriodId } }),
  create: (internalPeriodId: string, body: GroupTypeUpdateBody) => api.post<GroupType>('group-types', { ...body, internalPeriodId }),
  update: (groupTypeId: string, body: GroupTypeUpdateBody) => api.put<GroupType>(`group-types/${id(groupTypeId)}`, body),
  remove: (groupTypeId: string) => api.del<GroupTypeDeleted>(`group-types/${id(groupTypeId)}`),
  /** Takes back the activities given through one group on `date` (the school's today without one). */
  removeActivity: (groupTypeId: string, groupId: string, date?: string) =>
    api.del<GroupActivityRemoved>(`group-types/${id(groupTypeId)}/groups/${id(groupId)}/activity`, { query: { date } }),
};

export const balances = {
  /** The signed-in student's stats, or (staff) a student's by internal id. */
  stats: (studentId?: string) => api.get<BalanceStats>('utility/student/balance/stats', { query: { studentId } }),
};

export const calendar = {
  get: () => api.get<CalendarView>('calendar'),
  addHoliday: (holiday: Holiday) => api.post<Holiday>('calendar/holidays', holiday),
  removeHoliday: (date: string) => api.del<HolidayRemoved>(`calendar/holidays/${id(date)}`),
};

export const configuration = {
  get: (scope: string) => api.get<ConfigurationEntry[]>(`configuration/${id(scope)}`),
  set: (scope: string, entry: ConfigurationBody) =>
    api.post<ConfigurationEntry>(`configuration/${id(scope)}`, entry),
};

export const dev = {
  schools: () => api.get<SchoolInfo[]>('dev/schools'),
  users: (schoolId: string) => api.get<DevUser[]>(`dev/users/${id(schoolId)}`),
  periods: (schoolId: string) => api.get<DevPeriod[]>(`dev/periods/${id(schoolId)}`),
};

/** OneRoster CSV import (settings): `form` holds the files (a .zip or the .csv files) as `files`. */
export const roster = {
  dryRun: (form: FormData) => api.post<RosterDryRun>('roster/dry-run', undefined, { form }),
  start: (form: FormData) => api.post<RosterImport>('roster/import', undefined, { form }),
  status: (importId: string) => api.get<RosterImport>(`roster/import/${id(importId)}`),
};
