import type { ActivityCategory } from './constants.js';
import type { SessionUser } from './school.js';

/**
 * Response shapes of the API (spec section 7): the server annotates the functions that build
 * each response with these types and the web client reads them, so the two cannot drift apart.
 * Request bodies are the z.infer types beside their schemas (schemas.ts, schemas-activity.ts).
 */

/* ---- auth, system ---- */

/** POST auth/login. */
export interface LoginResponse {
  token: string;
  user: SessionUser;
}

/** GET status: the fields are optional because a 503 reaches the web as an empty object. */
export interface StatusResponse {
  status?: 'ok' | 'degraded';
  database?: string;
  databaseKind?: string;
  databaseMs?: number;
  release?: string;
  devMode?: boolean;
  time?: string;
}

/** GET release. */
export interface ReleaseResponse {
  release?: string;
}

/** A plain acknowledgement (logout, deletes). */
export interface OkResponse {
  ok: boolean;
}

/* ---- people and periods ---- */

/** Another person as a teacher or admin sees them in a roster or list. */
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

/** GET periods/:id. */
export interface PeriodDetail extends Period {
  students: RosterStudent[];
  coTeacherList: Person[];
}

/** GET utility/teacher/period-meta. */
export interface PeriodMeta {
  periodCount: number;
  studentCount: number;
  periods: Pick<
    Period,
    '_id' | 'label' | 'name' | 'periodNumber' | 'sectionNumbers' | 'studentCount' | 'isOwner' | 'coTeacherDisplayName'
  >[];
}

/* ---- school, contact, configuration, dev ---- */

export interface GradeLevel {
  value: string;
  label: string;
}

export interface House {
  name: string;
  color: string;
  studentCount: number;
}

/** POST utility/contact. */
export interface ContactSent {
  _id: string;
  message: string;
}

/** GET utility/contact: a message as it was sent (see ContactBody), with when it came. */
export interface ContactMessage {
  _id: string;
  userName: string;
  userSchool: string;
  userEmail: string;
  userRole: string;
  userMessage: string;
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

/* ---- the points economy (activities, group types, attendance, balances, calendar) ---- */

export interface ActivityOption {
  _id: string;
  name: string;
  category: ActivityCategory;
  /** Signed: flags are negative. */
  points: number;
  type: string;
  isCustom: boolean;
}

/** GET activity/options. */
export interface ActivityOptions {
  categories: Record<ActivityCategory, ActivityOption[]>;
  customActions: ActivityOption[];
  powerActions: string[];
  givableCategories: ActivityCategory[];
  canCreateCustomActions: boolean;
  customLimit: number;
  flagPoints: { admin: number; nonAdmin: number };
}

/** PUT settings/power-actions/:id. */
export interface PowerActions {
  powerActions: string[];
}

/** POST activity/bulk. */
export interface GiveResult {
  giveId: string;
  date: string;
  studentCount: number;
  activityCount: number;
  points: number;
  activityTypes: { _id: string; name: string; category: ActivityCategory; points: number }[];
}

/** GET activity/: one row of the ledger. */
export interface ActivityItem {
  _id: string;
  activityType: string;
  activityTypeId: string;
  category: ActivityCategory;
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

/** PUT activity/:id: the changed activity's own fields only. */
export type ActivityUpdated = Pick<ActivityItem, '_id' | 'activityType' | 'activityTypeId' | 'category' | 'points' | 'comment' | 'date'>;

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

/** GET activity/class-stats/:id. */
export interface ClassStats {
  internalPeriodId: string;
  date: string;
  students: ClassStudentStats[];
  totals: { students: number; bonuses: number; flags: number; absent: number };
}

/** POST and DELETE activity/absent/:id. */
export interface AbsenceChange {
  studentId: string;
  date: string;
  absent: boolean;
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

/** DELETE group-types/:id. */
export interface GroupTypeDeleted {
  _id: string;
  deleted: boolean;
}

/** DELETE group-types/:id/groups/:groupId/activity. */
export interface GroupActivityRemoved {
  removed: number;
}

/** GET utility/student/balance/stats. */
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

/** DELETE calendar/holidays/:date. */
export interface HolidayRemoved {
  date: string;
  deleted: boolean;
}

/** GET calendar. */
export interface CalendarView {
  start: string;
  end: string;
  givingStartDate: string;
  holidays: Holiday[];
  today: string;
  /** Whether today is a school day. */
  schoolDays: boolean;
}

/** GET activity/period-stats-details/{id}: a class's day, by activity. */
export interface PeriodDayDetails {
  internalPeriodId: string;
  date: string;
  byActivity: { activityType: string; category: string; count: number; points: number }[];
  totals: { bonuses: number; flags: number; points: number };
}

/** GET activity/audit: one change to an activity. */
export interface AuditEntry {
  _id: string;
  activityId: string;
  action: string;
  changedBy: string | null;
  changedByName: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** POST utility/student/balance: the balance at the end of each date asked for. */
export type BalancesAt = Record<string, number>;
