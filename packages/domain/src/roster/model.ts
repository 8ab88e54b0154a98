/** The school's roster as the files say it: its people, classes and guardians' links. */

import type { DemographicsRow } from '../pbis/demographics.js';
import type { RosterIssue } from './files.js';

/** The roles the import manages; other roles (admin, store manager…) set in settings are kept. */
export const ROSTER_ROLES = ['STUDENT', 'TEACHER', 'STAFF', 'GUARDIAN'] as const;
export type RosterRole = (typeof ROSTER_ROLES)[number];

/**
 * OneRoster user roles → ours. Parents and guardians are guardians, linked to their children by the
 * `agentSourcedIds` of either (docs/decisions/115-guardians.md); relatives are not users of the product.
 */
export const USER_ROLES: Record<string, RosterRole | null> = {
  student: 'STUDENT',
  teacher: 'TEACHER',
  aide: 'STAFF',
  // School admin rights are given in settings, never by a file (docs/decisions/053-oneroster-files.md).
  administrator: 'STAFF',
  parent: 'GUARDIAN',
  guardian: 'GUARDIAN',
  relative: null,
};
export const ENROLLMENT_ROLES = ['student', 'teacher', 'administrator', 'aide', 'proctor'];

export interface RosterPerson {
  sourcedId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  role: RosterRole;
  gradeLevel: string | null;
}

export interface RosterClass {
  sourcedId: string;
  name: string;
  periodNumber: number;
  sectionNumbers: string[];
  /** sourcedIds: the primary teacher, the other teachers, the students. */
  teacher: string;
  coTeachers: string[];
  students: string[];
}

/** A guardian and one of their children, by sourcedId. */
export interface GuardianLink {
  guardian: string;
  student: string;
}

export interface Roster {
  schoolSourcedId: string;
  people: RosterPerson[];
  classes: RosterClass[];
  /** From the agentSourcedIds of guardians (their children) and of students (their guardians). */
  guardianLinks: GuardianLink[];
  /** Students' demographics from the optional demographics.csv (roster/demographics.ts); none without it. */
  demographics?: DemographicsRow[];
}

export interface RosterReading {
  roster: Roster | null;
  errors: RosterIssue[];
  errorCount: number;
  /** Rows left out on purpose (a class without a teacher, an ended enrollment…): they do not stop an import. */
  warnings: RosterIssue[];
  warningCount: number;
}

/** The period number of a class: homeroom 0; else the first number of its `periods` (0–98); else 99 (Other). */
export function periodNumberOf(classType: string, periods: string): number {
  if (classType.toLowerCase() === 'homeroom') return 0;
  const m = /\d+/.exec(periods);
  const n = m ? Number(m[0]) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 98 ? n : 99;
}
