/** Reading users.csv and classes.csv: the school's people, its classes, and guardians' links. */

import { msg } from '../message.js';
import { field, type Issues, list, type Rows } from './files.js';
import {
  type GuardianLink,
  periodNumberOf,
  type RosterClass,
  type RosterPerson,
  USER_ROLES,
} from './model.js';

/** A person of the files, with the line that named them. */
export type ReadPerson = RosterPerson & { line: number };
/** A class of the files, its line, and whether its teacher came with `primary` true. */
export type ReadClass = RosterClass & { line: number; primary: boolean };

/** The users of this school with a role of ours, and the agents (guardians or children) each names. */
export function readPeople(userRows: Rows, orgs: Rows, schoolId: string, errors: Issues) {
  const people = new Map<string, ReadPerson>();
  const agentsOf = new Map<string, string[]>();
  for (const [id, row] of userRows) {
    const roleName = field(row, 'role').toLowerCase();
    const orgIds = list(row.values.orgSourcedIds);
    const unknownOrg = orgIds.find((o) => !orgs.has(o));
    if (!(roleName in USER_ROLES)) {
      errors.add('users.csv', row.line, msg('msg.rosterNotARole', { role: field(row, 'role') }));
      continue;
    }
    if (!orgIds.length)
      errors.add('users.csv', row.line, msg('msg.rosterEmptyField', { column: 'orgSourcedIds' }));
    if (unknownOrg)
      errors.add('users.csv', row.line, msg('msg.rosterNamesUnknownOrg', { value: unknownOrg }));
    const role = USER_ROLES[roleName];
    if (!role || !orgIds.includes(schoolId)) continue; // not a user here
    const firstName = field(row, 'givenName');
    const lastName = field(row, 'familyName');
    if (!firstName || !lastName) {
      errors.add(
        'users.csv',
        row.line,
        msg('msg.rosterEmptyField', { column: firstName ? 'familyName' : 'givenName' }),
      );
      continue;
    }
    if (firstName.length > 100 || lastName.length > 100) {
      errors.add('users.csv', row.line, msg('msg.rosterNameTooLong'));
      continue;
    }
    agentsOf.set(id, list(row.values.agentSourcedIds));
    people.set(id, {
      line: row.line,
      sourcedId: id,
      firstName,
      lastName,
      email: field(row, 'email') || null,
      role,
      gradeLevel: role === 'STUDENT' ? (list(row.values.grades)[0] ?? null) : null,
    });
  }
  return { people, agentsOf };
}

/** This school's classes, still without their teachers and students (the enrollments give them). */
export function readClasses(
  classRows: Rows,
  { orgs, sessions, schoolId }: { orgs: Rows; sessions: Rows; schoolId: string },
  errors: Issues,
) {
  const classes = new Map<string, ReadClass>();
  for (const [id, row] of classRows) {
    const sid = field(row, 'schoolSourcedId');
    if (!orgs.has(sid))
      errors.add(
        'classes.csv',
        row.line,
        msg('msg.rosterNotAnOrg', { column: 'schoolSourcedId', value: sid }),
      );
    const terms = list(row.values.termSourcedIds);
    if (!terms.length)
      errors.add(
        'classes.csv',
        row.line,
        msg('msg.rosterEmptyField', { column: 'termSourcedIds' }),
      );
    const unknownTerm = terms.find((t) => !sessions.has(t));
    if (unknownTerm)
      errors.add(
        'classes.csv',
        row.line,
        msg('msg.rosterNamesUnknownSession', { value: unknownTerm }),
      );
    const title = field(row, 'title');
    if (!title)
      errors.add('classes.csv', row.line, msg('msg.rosterEmptyField', { column: 'title' }));
    if (sid !== schoolId || !title) continue;
    classes.set(id, {
      line: row.line,
      primary: false,
      sourcedId: id,
      name: title.slice(0, 200),
      periodNumber: periodNumberOf(field(row, 'classType'), field(row, 'periods')),
      sectionNumbers: list(row.values.classCode).slice(0, 20),
      teacher: '',
      coTeachers: [],
      students: [],
    });
  }
  return classes;
}

/** Both directions of the agents field, each pair once; an agent who is not here is left out. */
export function guardianLinksOf(
  agentsOf: Map<string, string[]>,
  people: Map<string, ReadPerson>,
): GuardianLink[] {
  const links = new Map<string, GuardianLink>();
  for (const [id, agents] of agentsOf) {
    const role = people.get(id)?.role;
    for (const a of agents) {
      const other = people.get(a)?.role;
      if (role === 'GUARDIAN' && other === 'STUDENT')
        links.set(`${id} ${a}`, { guardian: id, student: a });
      if (role === 'STUDENT' && other === 'GUARDIAN')
        links.set(`${a} ${id}`, { guardian: a, student: id });
    }
  }
  return [...links.values()];
}
