import type { SchoolInfo, SessionUser } from '@app/domain';

/** Response shapes of the calls the web makes today (see each apps/server/src/modules/AREA/routes.ts). */
export type { SchoolInfo, SessionUser };

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

export interface StatusResponse {
  status?: 'ok' | 'degraded';
  database?: string;
  databaseKind?: string;
  databaseMs?: number;
  release?: string;
  devMode?: boolean;
  time?: string;
}

export interface ReleaseResponse {
  release?: string;
}

export interface Person {
  _id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  gradeLevel: string | null;
  house: string | null;
}

export interface RosterStudent extends Person {
  externalStudentId: string;
}

export interface Period {
  _id: string;
  name: string;
  label: string;
  teacher: { _id: string; externalId: string; firstName: string; lastName: string };
  externalTeacherId: string;
  coTeachers: string[];
  coTeacherDisplayName: string;
  periodNumber: number;
  sectionNumbers: string[];
  studentCount: number;
  isOwner: boolean;
}

export interface PeriodDetail extends Period {
  students: RosterStudent[];
  coTeacherList: Person[];
}

export interface PeriodMeta {
  periodCount: number;
  studentCount: number;
  periods: Pick<
    Period,
    '_id' | 'label' | 'name' | 'periodNumber' | 'sectionNumbers' | 'studentCount' | 'isOwner' | 'coTeacherDisplayName'
  >[];
}

export interface GradeLevel {
  value: string;
  label: string;
}

export interface House {
  name: string;
  color: string;
  studentCount: number;
}

export interface ContactRequest {
  userName: string;
  userSchool: string;
  userEmail: string;
  userRole: string;
  userMessage: string;
}

export interface ContactSent {
  _id: string;
  message: string;
}

export interface ContactMessage extends ContactRequest {
  _id: string;
  createdAt: string;
}

export interface ConfigurationEntry {
  key: string;
  value: string | null;
  valueObject: unknown;
}

export interface DevUser extends Person {
  roles: string[];
}

export interface DevPeriod {
  _id: string;
  name: string;
  periodNumber: number;
  externalTeacherId: string;
  coTeachers: string[];
  sectionNumbers: string[];
}
