/**
 * Reading the files: `readRoster` checks them (columns, ids, references, dates) and builds the
 * school's roster as they say it, in steps that each read one file.
 */

import { msg } from '../message.js';
import { isValidIsoDate } from '../school-days.js';
import {
  field,
  isRosterDateTime,
  Issues,
  ROSTER_COLUMNS,
  ROSTER_FILES,
  type RosterFile,
  type RosterRow,
  type Rows,
  type RosterTables,
} from './files.js';
import type { RosterReading } from './model.js';
import { DEMOGRAPHICS_FILE, readDemographics, type DemographicsTables } from './demographics.js';
import { classesWithTeacher, enrollAll } from './read-enrollments.js';
import { guardianLinksOf, readClasses, readPeople } from './read-people.js';

/**
 * Checks the files and builds the school's roster from them. The school is the org of type school
 * whose sourcedId or identifier is the school's external id, or the only school org of the files.
 * Rows with status `tobedeleted` are left out; `today` (YYYY-MM-DD) drops enrollments that ended.
 */
export function readRoster(
  tables: RosterTables & DemographicsTables,
  school: { externalId: string },
  today: string,
): RosterReading {
  const errors = new Issues();
  const warnings = new Issues();
  const usable = usableFiles(tables, errors);
  const live = (file: RosterFile) => liveRows(file, usable[file] ?? [], errors);
  const orgs = live('orgs.csv');
  const sessions = live('academicSessions.csv');
  const userRows = live('users.csv');
  const classRows = live('classes.csv');
  const enrollmentRows = live('enrollments.csv');

  checkOrgParents(orgs, errors);
  const schoolId = schoolOrgId(orgs, school.externalId, Boolean(usable['orgs.csv']), errors);
  checkSessions(sessions, errors);
  const { people, agentsOf } = readPeople(userRows, orgs, schoolId, errors);
  const classes = readClasses(classRows, { orgs, sessions, schoolId }, errors);
  enrollAll(enrollmentRows, { classRows, userRows, classes, people, today }, errors, warnings);
  const roster = {
    schoolSourcedId: schoolId,
    people: [...people.values()].map(({ line: _line, ...p }) => p),
    classes: classesWithTeacher(classes, warnings),
    guardianLinks: guardianLinksOf(agentsOf, people),
  };
  const demographics = readDemographics(tables[DEMOGRAPHICS_FILE], roster.people);
  for (const e of demographics.errors) errors.add(e.file, e.line, e.reason);
  for (const w of demographics.warnings) warnings.add(w.file, w.line, w.reason);
  return {
    roster: errors.count ? null : { ...roster, demographics: demographics.rows },
    errors: errors.list,
    errorCount: errors.count,
    warnings: warnings.list,
    warningCount: warnings.count,
  };
}

/** Files and columns first: a file without its columns is not read row by row. */
function usableFiles(tables: RosterTables, errors: Issues) {
  const usable: Partial<Record<RosterFile, readonly RosterRow[]>> = {};
  for (const file of ROSTER_FILES) {
    const t = tables[file];
    if (!t) {
      errors.add(file, 0, msg('msg.rosterFileMissing'));
      continue;
    }
    const missing = ROSTER_COLUMNS[file].filter((c) => !t.columns.includes(c));
    if (missing.length)
      errors.add(
        file,
        1,
        msg(missing.length > 1 ? 'msg.rosterMissingColumns' : 'msg.rosterMissingColumn', {
          columns: missing.join(', '),
        }),
      );
    else usable[file] = t.rows;
  }
  return usable;
}

/** Rows with their sourcedId checked (present, unique, dates) and `tobedeleted` ones left out. */
function liveRows(file: RosterFile, rows: readonly RosterRow[], errors: Issues): Rows {
  const out: Rows = new Map();
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const id = field(row, 'sourcedId');
    if (!id) {
      errors.add(file, row.line, msg('msg.rosterEmptyField', { column: 'sourcedId' }));
      continue;
    }
    const seen = firstLine.get(id);
    if (seen !== undefined) {
      errors.add(file, row.line, msg('msg.rosterDuplicateId', { id, line: seen }));
      continue;
    }
    firstLine.set(id, row.line);
    const modified = field(row, 'dateLastModified');
    if (modified && !isRosterDateTime(modified))
      errors.add(
        file,
        row.line,
        msg('msg.rosterNotADateTime', { column: 'dateLastModified', value: modified }),
      );
    if (field(row, 'status').toLowerCase() === 'tobedeleted') continue;
    out.set(id, row);
  }
  return out;
}

function checkOrgParents(orgs: Rows, errors: Issues) {
  for (const [, row] of orgs) {
    const parent = field(row, 'parentSourcedId');
    if (parent && !orgs.has(parent))
      errors.add(
        'orgs.csv',
        row.line,
        msg('msg.rosterNotAnOrg', { column: 'parentSourcedId', value: parent }),
      );
  }
}

/** The school's org: its sourcedId or identifier is the school's external id, or it is the only school. */
function schoolOrgId(orgs: Rows, externalId: string, orgsRead: boolean, errors: Issues): string {
  const schoolOrgs = [...orgs.values()].filter((r) => field(r, 'type').toLowerCase() === 'school');
  const schoolOrg =
    schoolOrgs.find(
      (r) => field(r, 'sourcedId') === externalId || field(r, 'identifier') === externalId,
    ) ?? (schoolOrgs.length === 1 ? schoolOrgs[0] : undefined);
  if (orgsRead && !schoolOrg)
    errors.add('orgs.csv', 0, msg('msg.rosterNoSchoolOrg', { id: externalId }));
  return schoolOrg ? field(schoolOrg, 'sourcedId') : '';
}

function checkSessions(sessions: Rows, errors: Issues) {
  for (const [id, row] of sessions) {
    const start = field(row, 'startDate');
    const end = field(row, 'endDate');
    if (!isValidIsoDate(start))
      errors.add(
        'academicSessions.csv',
        row.line,
        msg('msg.rosterNotADay', { column: 'startDate', value: start }),
      );
    if (!isValidIsoDate(end))
      errors.add(
        'academicSessions.csv',
        row.line,
        msg('msg.rosterNotADay', { column: 'endDate', value: end }),
      );
    else if (isValidIsoDate(start) && end < start)
      errors.add(
        'academicSessions.csv',
        row.line,
        msg('msg.rosterEndBefore', { end, startColumn: 'startDate', start }),
      );
    const parent = field(row, 'parentSourcedId');
    if (parent && !sessions.has(parent))
      errors.add(
        'academicSessions.csv',
        row.line,
        msg('msg.rosterParentNotASession', { value: parent, id }),
      );
  }
}
