/** The diff's shapes: the school's current people and periods, the dry run's tables and the writes. */

import type { GuardianLink, Roster, RosterPerson, RosterRole } from './model.js';
import { ROSTER_ROLES } from './model.js';

/** At most this many items of each list of a diff are listed (the counts are complete). */
export const MAX_DIFF_ITEMS = 200;

export interface CurrentPerson {
  id: string;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: string[];
  gradeLevel: string | null;
  /** Imported before: such a person leaves when the files no longer name them. */
  managed: boolean;
  /** Left in an earlier import (kept with their history, in no class). */
  left: boolean;
}

export interface CurrentPeriod {
  id: string;
  /** The class's sourcedId when an import made it; periods made by hand have none and are left alone. */
  sourceId: string | null;
  name: string;
  teacherExternalId: string;
  coTeachers: string[];
  periodNumber: number;
  sectionNumbers: string[];
  /** Students' external ids. */
  students: string[];
}

export interface CurrentRoster {
  people: CurrentPerson[];
  periods: CurrentPeriod[];
  /** The school's guardians' links, by external id. */
  guardianLinks?: { guardian: string; student: string }[];
}

/** One line of the dry run's tables. */
export interface RosterChange {
  sourcedId: string;
  name: string;
  /** A person's role, or the class of an enrollment or co-teacher. */
  detail: string;
  /** For changes: what changes. */
  fields?: string[];
}
export interface RosterChangeList {
  count: number;
  items: RosterChange[];
}
export interface RosterSummary {
  people: { add: RosterChangeList; change: RosterChangeList; remove: RosterChangeList };
  periods: { add: RosterChangeList; change: RosterChangeList; remove: RosterChangeList };
  enrollments: { add: RosterChangeList; remove: RosterChangeList };
  coTeachers: { add: RosterChangeList; remove: RosterChangeList };
  guardianLinks: { add: RosterChangeList; remove: RosterChangeList };
}

export interface PeriodValues {
  name: string;
  teacher: string;
  coTeachers: string[];
  periodNumber: number;
  sectionNumbers: string[];
}
/** The writes an import makes: people and classes by sourcedId where they do not exist yet. */
export interface RosterPlan {
  insertPeople: (Omit<RosterPerson, 'role'> & { roles: string[] })[];
  updatePeople: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    roles: string[];
    gradeLevel: string | null;
  }[];
  /** Existing users the import starts managing, or who come back: (ids). */
  manage: string[];
  leave: { id: string; externalId: string }[];
  insertPeriods: (PeriodValues & { sourcedId: string })[];
  updatePeriods: (PeriodValues & { id: string })[];
  addEnrollments: { classSourcedId: string; studentSourcedId: string }[];
  removeEnrollments: { periodId: string; studentId: string }[];
  /** Guardian links to write (sourcedIds) and to end (user ids): only of guardians the import manages. */
  addGuardianLinks: GuardianLink[];
  removeGuardianLinks: { guardianId: string; studentId: string }[];
  /** How many rows the plan writes (the progress bar's total). */
  size: number;
}

export interface RosterDiff {
  summary: RosterSummary;
  plan: RosterPlan;
}

/** What the steps of a diff share: both rosters, the plan they fill, and names to show. */
export interface Diffing {
  roster: Roster;
  current: CurrentRoster;
  plan: RosterPlan;
  byExternal: Map<string, CurrentPerson>;
  /** "Last, First" of a sourcedId (the files' name, else the school's), or the id itself. */
  personName: (sourcedId: string) => string;
}

export const emptyPlan = (): RosterPlan => ({
  insertPeople: [],
  updatePeople: [],
  manage: [],
  leave: [],
  insertPeriods: [],
  updatePeriods: [],
  addEnrollments: [],
  removeEnrollments: [],
  addGuardianLinks: [],
  removeGuardianLinks: [],
  size: 0,
});

/** How many rows a plan writes. */
export const planSize = (plan: RosterPlan) =>
  plan.addGuardianLinks.length +
  plan.removeGuardianLinks.length +
  plan.insertPeople.length +
  plan.updatePeople.length +
  plan.manage.length +
  plan.leave.length +
  plan.insertPeriods.length +
  plan.updatePeriods.length +
  plan.addEnrollments.length +
  plan.removeEnrollments.length;

/** True when an import would write nothing. */
export const isEmptyPlan = (plan: RosterPlan) => plan.size === 0;

export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
export const sortedRoles = (roles: Iterable<string>) => [...new Set(roles)].sort();
/** A person's roles after an import: their roles outside the roster's, plus the file's. */
export function rolesAfterImport(current: readonly string[], role: RosterRole): string[] {
  return sortedRoles([
    ...current.filter((r) => !(ROSTER_ROLES as readonly string[]).includes(r)),
    role,
  ]);
}

export function changeList(items: RosterChange[]): RosterChangeList {
  return { count: items.length, items: items.slice(0, MAX_DIFF_ITEMS) };
}
