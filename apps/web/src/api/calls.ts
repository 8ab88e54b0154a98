import type { LoginBody } from '@app/domain';
import { api } from './client';
import type {
  ConfigurationEntry,
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
