/** The OneRoster 1.1 CSV files an import reads, their rows, and the problems found in them. */

import type { Message } from '../message.js';
import { isValidIsoDate } from '../school-days.js';

export const ROSTER_FILES = [
  'orgs.csv',
  'academicSessions.csv',
  'users.csv',
  'classes.csv',
  'enrollments.csv',
] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

/** The columns the import reads, by file (OneRoster has more; extra columns are ignored). */
export const ROSTER_COLUMNS: Record<RosterFile, readonly string[]> = {
  'orgs.csv': ['sourcedId', 'name', 'type'],
  'academicSessions.csv': ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
  'users.csv': ['sourcedId', 'orgSourcedIds', 'role', 'givenName', 'familyName'],
  'classes.csv': ['sourcedId', 'title', 'schoolSourcedId', 'termSourcedIds'],
  'enrollments.csv': ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
};

/** At most this many problems are listed (the count says how many there were). */
export const MAX_ROSTER_ISSUES = 500;

/** One data row of a CSV file; `line` is its line number in the file (the header is line 1). */
export interface RosterRow {
  line: number;
  values: Record<string, string>;
}
export interface RosterTable {
  columns: readonly string[];
  rows: readonly RosterRow[];
}
export type RosterTables = Partial<Record<RosterFile, RosterTable>>;
/** A file's rows by sourcedId. */
export type Rows = Map<string, RosterRow>;

/** A problem in the files: line 0 means the whole file (missing, or no school in it). */
export interface RosterIssue {
  file: string;
  line: number;
  /** Written in the reader's language at the edge. */
  reason: Message;
}

/** The problems of one kind (errors or warnings): the first MAX_ROSTER_ISSUES, and how many. */
export class Issues {
  readonly list: RosterIssue[] = [];
  count = 0;
  add(file: string, line: number, reason: Message) {
    this.count++;
    if (this.list.length < MAX_ROSTER_ISSUES) this.list.push({ file, line, reason });
  }
}

/** dateLastModified: a day, or an ISO 8601 date-time whose day exists. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export const isRosterDateTime = (s: string) => DATE_TIME.test(s) && isValidIsoDate(s.slice(0, 10));

/** A comma-separated list field, blanks dropped. */
export const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
export const field = (row: RosterRow, name: string) => (row.values[name] ?? '').trim();
