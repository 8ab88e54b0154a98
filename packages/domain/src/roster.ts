/**
 * OneRoster 1.1 CSV import: the pure part. The server reads the files (zip or CSV) into tables of
 * string records; `readRoster` checks them (columns, ids, references, dates) and builds the school's
 * roster as the files say it; `diffRoster` compares that with the school's current people and
 * periods and gives what an import would add, change and remove, and the writes that do it.
 * Its steps live in roster/.
 */

export {
  MAX_ROSTER_ISSUES,
  ROSTER_COLUMNS,
  ROSTER_FILES,
  type RosterFile,
  type RosterIssue,
  type RosterRow,
  type RosterTable,
  type RosterTables,
} from './roster/files.js';
export {
  type GuardianLink,
  periodNumberOf,
  ROSTER_ROLES,
  type Roster,
  type RosterClass,
  type RosterPerson,
  type RosterReading,
  type RosterRole,
} from './roster/model.js';
export { readRoster } from './roster/read.js';
export {
  type CurrentPeriod,
  type CurrentPerson,
  type CurrentRoster,
  isEmptyPlan,
  MAX_DIFF_ITEMS,
  type PeriodValues,
  rolesAfterImport,
  type RosterChange,
  type RosterChangeList,
  type RosterDiff,
  type RosterPlan,
  type RosterSummary,
} from './roster/plan.js';
export { diffRoster } from './roster/diff.js';
