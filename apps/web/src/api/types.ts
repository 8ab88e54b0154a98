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

/* ---- The points economy (apps/server/src/modules/activities, group-types, balances, calendar) ---- */

export type ActivityCategoryName = 'Flags' | 'Bonuses' | 'Academic Pay Day' | 'Daily Behavior' | 'Daily Attendance';

export interface ActivityOption {
  _id: string;
  name: string;
  category: ActivityCategoryName;
  /** Signed: flags are negative. */
  points: number;
  type: string;
  isCustom: boolean;
}

export interface ActivityOptions {
  categories: Record<ActivityCategoryName, ActivityOption[]>;
  customActions: ActivityOption[];
  powerActions: string[];
  givableCategories: ActivityCategoryName[];
  canCreateCustomActions: boolean;
  customLimit: number;
  flagPoints: { admin: number; nonAdmin: number };
}

export interface CustomActionRequest {
  name: string;
  category: 'Flags' | 'Bonuses';
  points?: number;
}

export interface GiveRequest {
  externalStudentIds?: string[];
  groupIds?: string[];
  houseNames?: string[];
  gradeLevels?: string[];
  internalPeriodId?: string;
  date?: string;
  comment?: string;
  activityTypes: (string | CustomActionRequest)[];
}

export interface GiveResult {
  giveId: string;
  date: string;
  studentCount: number;
  activityCount: number;
  points: number;
  activityTypes: { _id: string; name: string; category: ActivityCategoryName; points: number }[];
}

export interface ActivityQuery {
  studentId?: string;
  internalPeriodId?: string;
  category?: ActivityCategoryName;
  startDate?: string;
  endDate?: string;
  limit?: number;
  offset?: number;
}

export interface ActivityItem {
  _id: string;
  activityType: string;
  activityTypeId: string | null;
  category: ActivityCategoryName;
  points: number;
  comment: string;
  date: string;
  internalPeriodId: string | null;
  studentId: string;
  student: { firstName: string; lastName: string; externalStudentId: string };
  givenBy: string | null;
  givenByName: string;
  createdAt: string;
  canEdit: boolean;
}

export interface ActivityUpdate {
  activityType?: string;
  comment?: string;
  points?: number;
}

export interface ClassStudentStats {
  _id: string;
  externalStudentId: string;
  firstName: string;
  lastName: string;
  gradeLevel: string | null;
  house: string | null;
  balance: number;
  /** Points from bonuses (and other positive categories) on the day. */
  bonusesToday: number;
  /** Points taken by flags on the day (negative or 0). */
  flagsToday: number;
  absent: boolean;
}

export interface ClassStats {
  internalPeriodId: string;
  date: string;
  students: ClassStudentStats[];
  totals: { students: number; bonuses: number; flags: number; absent: number };
}

export interface StudentGroup {
  _id: string;
  name: string;
  /** Internal student ids (ClassStudentStats._id). */
  studentIds: string[];
}

export interface GroupType {
  _id: string;
  name: string;
  internalPeriodId: string;
  groups: StudentGroup[];
}

export interface GroupTypeInput {
  name: string;
  groups: { _id?: string; name: string; studentIds: string[] }[];
}

export interface BalanceStats {
  studentId: string;
  earnedYesterday: number;
  balance: number;
  totalEarned: number;
  totalSpent: number;
  tier: string;
  nextTier: string | null;
  pointsToNextTier: number;
  memberStatus: string;
  nextMemberStatus: string | null;
  pointsToNextMemberStatus: number;
}

export interface Holiday {
  date: string;
  name: string;
}

export interface CalendarView {
  start: string;
  end: string;
  givingStartDate: string;
  holidays: Holiday[];
  today: string;
  /** Whether today is a school day. */
  schoolDays: boolean;
}
