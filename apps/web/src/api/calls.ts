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
  AccountSetupBody,
  AccountSetupInfo,
  ForgotPasswordBody,
  InvitationBody,
  InvitationSent,
  ResetPasswordBody,
  SchoolLoginBody,
  SchoolToken,
  SchoolTokenBody,
  SchoolTokenIssued,
  SsoConfig,
  SsoConfigBody,
  SsoLoginBody,
  SsoProvider,
  SsoState,
} from './types';

const id = (v: string) => encodeURIComponent(v);

/** Typed calls of spec section 7 that exist on the server today. */
export const auth = {
  login: (body: LoginBody) => api.post<LoginResponse>('auth/login', body, { auth: false }),
  /** Needs a token: without one it resolves to { message: 'No token' } and makes no request. */
  me: () => api.post<SessionUser>('auth/me'),
  logout: () => api.post<OkResponse>('auth/logout'),
  /** A single-use SSO state for the school's client at the provider (sets the browser's binding cookie). */
  ssoState: (provider: SsoProvider, school: string) => api.get<SsoState>('auth/login/sso/state', { auth: false, query: { provider, school } }),
  loginSso: (body: SsoLoginBody) => api.post<LoginResponse>('auth/login/sso', body, { auth: false }),
  loginSchool: (body: SchoolLoginBody) => api.post<LoginResponse>('auth/login/school', body, { auth: false }),
  accountSetupInfo: (token: string) => api.get<AccountSetupInfo>('auth/account-setup', { auth: false, query: { token } }),
  accountSetup: (body: AccountSetupBody) => api.post<LoginResponse>('auth/account-setup', body, { auth: false }),
  forgotPassword: (body: ForgotPasswordBody) => api.post<{ message: string }>('auth/forgot-password', body, { auth: false }),
  resetPassword: (body: ResetPasswordBody) => api.post<LoginResponse>('auth/reset-password', body, { auth: false }),
};

/** The school's sign-in settings (school admins): SSO clients, school tokens, invitations. */
export const identitySettings = {
  ssoConfigs: () => api.get<SsoConfig[]>('settings/sso'),
  putSso: (provider: SsoProvider, body: SsoConfigBody) => api.put<SsoConfig>(`settings/sso/${id(provider)}`, body),
  deleteSso: (provider: SsoProvider) => api.del<OkResponse>(`settings/sso/${id(provider)}`),
  schoolTokens: () => api.get<SchoolToken[]>('settings/school-tokens'),
  issueToken: (body: SchoolTokenBody) => api.post<SchoolTokenIssued>('settings/school-tokens', body),
  rotateToken: (tokenId: string) => api.post<SchoolTokenIssued>(`settings/school-tokens/${id(tokenId)}/rotate`),
  revokeToken: (tokenId: string) => api.del<OkResponse>(`settings/school-tokens/${id(tokenId)}`),
  invite: (body: InvitationBody) => api.post<InvitationSent>('settings/invitations', body),
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
