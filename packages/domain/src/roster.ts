/**
 * OneRoster 1.1 CSV import: the pure part. The server reads the files (zip or CSV) into tables of
 * string records; `readRoster` checks them (columns, ids, references, dates) and builds the school's
 * roster as the files say it; `diffRoster` compares that with the school's current people and
 * periods and gives what an import would add, change and remove, and the writes that do it.
 */

import { isValidIsoDate } from './school-days.js';

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
/** At most this many items of each list of a diff are listed (the counts are complete). */
export const MAX_DIFF_ITEMS = 200;

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

/** A problem in the files: line 0 means the whole file (missing, or no school in it). */
export interface RosterIssue {
  file: string;
  line: number;
  reason: string;
}

/** The roles the import manages; other roles (admin, store manager…) set in settings are kept. */
export const ROSTER_ROLES = ['STUDENT', 'TEACHER', 'STAFF', 'GUARDIAN'] as const;
export type RosterRole = (typeof ROSTER_ROLES)[number];

/**
 * OneRoster user roles → ours. Parents and guardians are guardians, linked to their children by the
 * `agentSourcedIds` of either (docs/decisions/115-guardians.md); relatives are not users of the product.
 */
const USER_ROLES: Record<string, RosterRole | null> = {
  student: 'STUDENT',
  teacher: 'TEACHER',
  aide: 'STAFF',
  // School admin rights are given in settings, never by a file (docs/decisions/053-oneroster-files.md).
  administrator: 'STAFF',
  parent: 'GUARDIAN',
  guardian: 'GUARDIAN',
  relative: null,
};
const ENROLLMENT_ROLES = ['student', 'teacher', 'administrator', 'aide', 'proctor'];

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
}

export interface RosterReading {
  roster: Roster | null;
  errors: RosterIssue[];
  errorCount: number;
  /** Rows left out on purpose (a class without a teacher, an ended enrollment…): they do not stop an import. */
  warnings: RosterIssue[];
  warningCount: number;
}

/** dateLastModified: a day, or an ISO 8601 date-time whose day exists. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const isRosterDateTime = (s: string) => DATE_TIME.test(s) && isValidIsoDate(s.slice(0, 10));

/** A comma-separated list field, blanks dropped. */
const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const field = (row: RosterRow, name: string) => (row.values[name] ?? '').trim();

/** The period number of a class: homeroom 0; else the first number of its `periods` (0–98); else 99 (Other). */
export function periodNumberOf(classType: string, periods: string): number {
  if (classType.toLowerCase() === 'homeroom') return 0;
  const m = /\d+/.exec(periods);
  const n = m ? Number(m[0]) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 98 ? n : 99;
}

class Issues {
  readonly list: RosterIssue[] = [];
  count = 0;
  add(file: string, line: number, reason: string) {
    this.count++;
    if (this.list.length < MAX_ROSTER_ISSUES) this.list.push({ file, line, reason });
  }
}

/**
 * Checks the files and builds the school's roster from them. The school is the org of type school
 * whose sourcedId or identifier is the school's external id, or the only school org of the files.
 * Rows with status `tobedeleted` are left out; `today` (YYYY-MM-DD) drops enrollments that ended.
 */
export function readRoster(
  tables: RosterTables,
  school: { externalId: string },
  today: string,
): RosterReading {
  const errors = new Issues();
  const warnings = new Issues();
  const done = (roster: Roster | null): RosterReading => ({
    roster: errors.count ? null : roster,
    errors: errors.list,
    errorCount: errors.count,
    warnings: warnings.list,
    warningCount: warnings.count,
  });

  // Files and columns first: a file without its columns is not read row by row.
  const usable: Partial<Record<RosterFile, readonly RosterRow[]>> = {};
  for (const file of ROSTER_FILES) {
    const t = tables[file];
    if (!t) {
      errors.add(file, 0, 'The file is missing.');
      continue;
    }
    const missing = ROSTER_COLUMNS[file].filter((c) => !t.columns.includes(c));
    if (missing.length)
      errors.add(file, 1, `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
    else usable[file] = t.rows;
  }

  /** Rows with their sourcedId checked (present, unique, dates) and `tobedeleted` ones left out. */
  const live = (file: RosterFile): Map<string, RosterRow> => {
    const out = new Map<string, RosterRow>();
    const firstLine = new Map<string, number>();
    for (const row of usable[file] ?? []) {
      const id = field(row, 'sourcedId');
      if (!id) {
        errors.add(file, row.line, 'sourcedId is empty.');
        continue;
      }
      const seen = firstLine.get(id);
      if (seen !== undefined) {
        errors.add(file, row.line, `Duplicate sourcedId "${id}" (first on line ${seen}).`);
        continue;
      }
      firstLine.set(id, row.line);
      const modified = field(row, 'dateLastModified');
      if (modified && !isRosterDateTime(modified))
        errors.add(file, row.line, `dateLastModified "${modified}" is not a date.`);
      if (field(row, 'status').toLowerCase() === 'tobedeleted') continue;
      out.set(id, row);
    }
    return out;
  };
  const orgs = live('orgs.csv');
  const sessions = live('academicSessions.csv');
  const userRows = live('users.csv');
  const classRows = live('classes.csv');
  const enrollmentRows = live('enrollments.csv');

  for (const [, row] of orgs) {
    const parent = field(row, 'parentSourcedId');
    if (parent && !orgs.has(parent))
      errors.add('orgs.csv', row.line, `parentSourcedId "${parent}" is not an org of orgs.csv.`);
  }
  const schoolOrgs = [...orgs.values()].filter((r) => field(r, 'type').toLowerCase() === 'school');
  const schoolOrg =
    schoolOrgs.find(
      (r) =>
        field(r, 'sourcedId') === school.externalId || field(r, 'identifier') === school.externalId,
    ) ?? (schoolOrgs.length === 1 ? schoolOrgs[0] : undefined);
  if (usable['orgs.csv'] && !schoolOrg)
    errors.add(
      'orgs.csv',
      0,
      `No org of type school has the sourcedId or identifier "${school.externalId}" (this school's id).`,
    );
  const schoolId = schoolOrg ? field(schoolOrg, 'sourcedId') : '';

  for (const [id, row] of sessions) {
    const start = field(row, 'startDate');
    const end = field(row, 'endDate');
    if (!isValidIsoDate(start))
      errors.add(
        'academicSessions.csv',
        row.line,
        `startDate "${start}" is not a date (YYYY-MM-DD).`,
      );
    if (!isValidIsoDate(end))
      errors.add('academicSessions.csv', row.line, `endDate "${end}" is not a date (YYYY-MM-DD).`);
    else if (isValidIsoDate(start) && end < start)
      errors.add('academicSessions.csv', row.line, `endDate ${end} is before startDate ${start}.`);
    const parent = field(row, 'parentSourcedId');
    if (parent && !sessions.has(parent))
      errors.add(
        'academicSessions.csv',
        row.line,
        `parentSourcedId "${parent}" is not a session of academicSessions.csv (${id}).`,
      );
  }

  const people = new Map<string, RosterPerson & { line: number }>();
  const agentsOf = new Map<string, string[]>();
  for (const [id, row] of userRows) {
    const roleName = field(row, 'role').toLowerCase();
    const orgIds = list(row.values.orgSourcedIds);
    const unknownOrg = orgIds.find((o) => !orgs.has(o));
    if (!(roleName in USER_ROLES)) {
      errors.add('users.csv', row.line, `role "${field(row, 'role')}" is not a OneRoster role.`);
      continue;
    }
    if (!orgIds.length) errors.add('users.csv', row.line, 'orgSourcedIds is empty.');
    if (unknownOrg)
      errors.add(
        'users.csv',
        row.line,
        `orgSourcedIds names "${unknownOrg}", which is not an org of orgs.csv.`,
      );
    const role = USER_ROLES[roleName];
    if (!role || !orgIds.includes(schoolId)) continue; // not a user here
    const firstName = field(row, 'givenName');
    const lastName = field(row, 'familyName');
    if (!firstName || !lastName) {
      errors.add('users.csv', row.line, `${firstName ? 'familyName' : 'givenName'} is empty.`);
      continue;
    }
    if (firstName.length > 100 || lastName.length > 100) {
      errors.add('users.csv', row.line, 'A name is longer than 100 characters.');
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

  const classes = new Map<string, RosterClass & { line: number; primary: boolean }>();
  for (const [id, row] of classRows) {
    const sid = field(row, 'schoolSourcedId');
    if (!orgs.has(sid))
      errors.add('classes.csv', row.line, `schoolSourcedId "${sid}" is not an org of orgs.csv.`);
    const terms = list(row.values.termSourcedIds);
    if (!terms.length) errors.add('classes.csv', row.line, 'termSourcedIds is empty.');
    const unknownTerm = terms.find((t) => !sessions.has(t));
    if (unknownTerm)
      errors.add(
        'classes.csv',
        row.line,
        `termSourcedIds names "${unknownTerm}", which is not a session of academicSessions.csv.`,
      );
    const title = field(row, 'title');
    if (!title) errors.add('classes.csv', row.line, 'title is empty.');
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

  for (const [, row] of enrollmentRows) {
    const classId = field(row, 'classSourcedId');
    const userId = field(row, 'userSourcedId');
    const role = field(row, 'role').toLowerCase();
    const begin = field(row, 'beginDate');
    const end = field(row, 'endDate');
    let bad = false;
    const fail = (reason: string) => {
      errors.add('enrollments.csv', row.line, reason);
      bad = true;
    };
    if (!classRows.has(classId)) fail(`classSourcedId "${classId}" is not a class of classes.csv.`);
    if (!userRows.has(userId)) fail(`userSourcedId "${userId}" is not a user of users.csv.`);
    if (!ENROLLMENT_ROLES.includes(role))
      fail(`role "${field(row, 'role')}" is not a OneRoster enrollment role.`);
    if (begin && !isValidIsoDate(begin)) fail(`beginDate "${begin}" is not a date (YYYY-MM-DD).`);
    if (end && !isValidIsoDate(end)) fail(`endDate "${end}" is not a date (YYYY-MM-DD).`);
    if (!bad && begin && end && end < begin) fail(`endDate ${end} is before beginDate ${begin}.`);
    if (bad) continue;
    const cls = classes.get(classId);
    const person = people.get(userId);
    if (!cls || !person) continue; // another school's class, or not a user here
    if (end && end < today) continue; // ended
    if (role === 'student') {
      if (person.role !== 'STUDENT')
        warnings.add(
          'enrollments.csv',
          row.line,
          `"${userId}" is enrolled as a student but is not one; left out.`,
        );
      else if (!cls.students.includes(userId)) cls.students.push(userId);
    } else if (role === 'teacher') {
      if (person.role === 'STUDENT') {
        warnings.add(
          'enrollments.csv',
          row.line,
          `"${userId}" is enrolled as a teacher but is a student; left out.`,
        );
        continue;
      }
      const primary = field(row, 'primary').toLowerCase() === 'true';
      if (!cls.teacher || (primary && !cls.primary)) {
        if (cls.teacher) cls.coTeachers.unshift(cls.teacher);
        cls.teacher = userId;
        cls.primary = primary;
      } else if (cls.teacher !== userId && !cls.coTeachers.includes(userId))
        cls.coTeachers.push(userId);
      cls.coTeachers = cls.coTeachers.filter((t) => t !== cls.teacher);
    }
  }

  const kept: RosterClass[] = [];
  for (const c of classes.values()) {
    if (!c.teacher) {
      warnings.add(
        'classes.csv',
        c.line,
        `Class "${c.sourcedId}" has no teacher enrolled; left out.`,
      );
      continue;
    }
    const { line: _line, primary: _primary, ...cls } = c;
    kept.push(cls);
  }
  // Both directions of the agents field, each pair once; an agent who is not here is left out.
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
  return done({
    schoolSourcedId: schoolId,
    people: [...people.values()].map(({ line: _line, ...p }) => p),
    classes: kept,
    guardianLinks: [...links.values()],
  });
}

// ---------- the diff ----------

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

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sortedRoles = (roles: Iterable<string>) => [...new Set(roles)].sort();
/** A person's roles after an import: their roles outside the roster's, plus the file's. */
export function rolesAfterImport(current: readonly string[], role: RosterRole): string[] {
  return sortedRoles([
    ...current.filter((r) => !(ROSTER_ROLES as readonly string[]).includes(r)),
    role,
  ]);
}

function changeList(items: RosterChange[]): RosterChangeList {
  return { count: items.length, items: items.slice(0, MAX_DIFF_ITEMS) };
}

/** What importing `roster` would do to the school's `current` people and periods. */
export function diffRoster(roster: Roster, current: CurrentRoster): RosterDiff {
  const byExternal = new Map(current.people.map((p) => [p.externalId, p]));
  const fileIds = new Set(roster.people.map((p) => p.sourcedId));
  const names = new Map<string, string>();
  for (const p of current.people) names.set(p.externalId, `${p.lastName}, ${p.firstName}`);
  for (const p of roster.people) names.set(p.sourcedId, `${p.lastName}, ${p.firstName}`);
  const personName = (sid: string) => names.get(sid) ?? sid;

  const plan: RosterPlan = {
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
  };
  const people = {
    add: [] as RosterChange[],
    change: [] as RosterChange[],
    remove: [] as RosterChange[],
  };
  for (const p of roster.people) {
    const was = byExternal.get(p.sourcedId);
    const name = `${p.lastName}, ${p.firstName}`;
    if (!was) {
      plan.insertPeople.push({
        sourcedId: p.sourcedId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        gradeLevel: p.gradeLevel,
        roles: [p.role],
      });
      people.add.push({ sourcedId: p.sourcedId, name, detail: p.role });
      continue;
    }
    const roles = rolesAfterImport(was.roles, p.role);
    const fields = [
      ...(was.firstName !== p.firstName ? ['firstName'] : []),
      ...(was.lastName !== p.lastName ? ['lastName'] : []),
      ...(was.email !== p.email ? ['email'] : []),
      ...(was.gradeLevel !== p.gradeLevel ? ['gradeLevel'] : []),
      ...(!sameList(sortedRoles(was.roles), roles) ? ['roles'] : []),
    ];
    if (fields.length)
      plan.updatePeople.push({
        id: was.id,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        roles,
        gradeLevel: p.gradeLevel,
      });
    if (!was.managed || was.left) plan.manage.push(was.id);
    if (was.left) fields.push('returns');
    if (fields.length) people.change.push({ sourcedId: p.sourcedId, name, detail: p.role, fields });
  }
  const leaving = new Set<string>();
  for (const was of current.people) {
    if (!was.managed || was.left || fileIds.has(was.externalId)) continue;
    leaving.add(was.id);
    plan.leave.push({ id: was.id, externalId: was.externalId });
    people.remove.push({
      sourcedId: was.externalId,
      name: `${was.lastName}, ${was.firstName}`,
      detail: sortedRoles(was.roles).join(', '),
    });
  }
  const leavingExternal = new Set(plan.leave.map((l) => l.externalId));

  const periods = {
    add: [] as RosterChange[],
    change: [] as RosterChange[],
    remove: [] as RosterChange[],
  };
  const enrollments = { add: [] as RosterChange[], remove: [] as RosterChange[] };
  const coTeachers = { add: [] as RosterChange[], remove: [] as RosterChange[] };
  const bySource = new Map(current.periods.filter((p) => p.sourceId).map((p) => [p.sourceId!, p]));
  const fileClasses = new Set(roster.classes.map((c) => c.sourcedId));
  const studentIdOf = (externalId: string) => byExternal.get(externalId)?.id;

  for (const c of roster.classes) {
    const was = bySource.get(c.sourcedId);
    const values: PeriodValues = {
      name: c.name,
      teacher: c.teacher,
      coTeachers: c.coTeachers,
      periodNumber: c.periodNumber,
      sectionNumbers: c.sectionNumbers,
    };
    const before = new Set(was?.students ?? []);
    const after = new Set(c.students);
    if (!was) {
      plan.insertPeriods.push({ sourcedId: c.sourcedId, ...values });
      periods.add.push({ sourcedId: c.sourcedId, name: c.name, detail: personName(c.teacher) });
    } else {
      const fields = [
        ...(was.name !== c.name ? ['name'] : []),
        ...(was.teacherExternalId !== c.teacher ? ['teacher'] : []),
        ...(!sameList(was.coTeachers, c.coTeachers) ? ['coTeachers'] : []),
        ...(was.periodNumber !== c.periodNumber ? ['periodNumber'] : []),
        ...(!sameList(was.sectionNumbers, c.sectionNumbers) ? ['sectionNumbers'] : []),
      ];
      if (fields.length) {
        plan.updatePeriods.push({ id: was.id, ...values });
        periods.change.push({
          sourcedId: c.sourcedId,
          name: c.name,
          detail: personName(c.teacher),
          fields,
        });
      }
      for (const s of before) {
        const id = studentIdOf(s);
        // A leaver's enrollments are listed with the leavers' below.
        if (!after.has(s) && id && !leavingExternal.has(s)) {
          plan.removeEnrollments.push({ periodId: was.id, studentId: id });
          enrollments.remove.push({ sourcedId: s, name: personName(s), detail: c.name });
        }
      }
    }
    for (const s of after) {
      if (before.has(s)) continue;
      plan.addEnrollments.push({ classSourcedId: c.sourcedId, studentSourcedId: s });
      enrollments.add.push({ sourcedId: s, name: personName(s), detail: c.name });
    }
    const coBefore = new Set(was?.coTeachers ?? []);
    for (const t of c.coTeachers)
      if (!coBefore.has(t))
        coTeachers.add.push({ sourcedId: t, name: personName(t), detail: c.name });
    for (const t of coBefore)
      if (!c.coTeachers.includes(t))
        coTeachers.remove.push({ sourcedId: t, name: personName(t), detail: c.name });
  }
  // A class gone from the files keeps its history: its students are unenrolled (a period without students is not shown).
  for (const p of bySource.values()) {
    if (fileClasses.has(p.sourceId!)) continue;
    const left = p.students.filter((s) => !leavingExternal.has(s) && studentIdOf(s));
    if (p.students.length)
      periods.remove.push({
        sourcedId: p.sourceId!,
        name: p.name,
        detail: personName(p.teacherExternalId),
      });
    for (const s of left) {
      plan.removeEnrollments.push({ periodId: p.id, studentId: studentIdOf(s)! });
      enrollments.remove.push({ sourcedId: s, name: personName(s), detail: p.name });
    }
  }
  // Leavers leave every class (made by an import or by hand).
  for (const p of current.periods) {
    for (const s of p.students) {
      const id = studentIdOf(s);
      if (id && leaving.has(id)) {
        plan.removeEnrollments.push({ periodId: p.id, studentId: id });
        enrollments.remove.push({ sourcedId: s, name: personName(s), detail: p.name });
      }
    }
  }

  // Guardians' links: the file's, less those there already; a managed guardian's others end.
  const guardianLinks = { add: [] as RosterChange[], remove: [] as RosterChange[] };
  const linkKey = (l: GuardianLink) => `${l.guardian} ${l.student}`;
  const linksBefore = new Set((current.guardianLinks ?? []).map(linkKey));
  const linksAfter = new Set(roster.guardianLinks.map(linkKey));
  for (const l of roster.guardianLinks) {
    if (linksBefore.has(linkKey(l))) continue;
    plan.addGuardianLinks.push(l);
    guardianLinks.add.push({
      sourcedId: l.guardian,
      name: personName(l.guardian),
      detail: personName(l.student),
    });
  }
  for (const l of current.guardianLinks ?? []) {
    const g = byExternal.get(l.guardian);
    const st = byExternal.get(l.student);
    if (!g || !st || !g.managed || linksAfter.has(linkKey(l))) continue;
    plan.removeGuardianLinks.push({ guardianId: g.id, studentId: st.id });
    guardianLinks.remove.push({
      sourcedId: l.guardian,
      name: personName(l.guardian),
      detail: personName(l.student),
    });
  }

  plan.size =
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
  return {
    plan,
    summary: {
      people: {
        add: changeList(people.add),
        change: changeList(people.change),
        remove: changeList(people.remove),
      },
      periods: {
        add: changeList(periods.add),
        change: changeList(periods.change),
        remove: changeList(periods.remove),
      },
      enrollments: { add: changeList(enrollments.add), remove: changeList(enrollments.remove) },
      coTeachers: { add: changeList(coTeachers.add), remove: changeList(coTeachers.remove) },
      guardianLinks: {
        add: changeList(guardianLinks.add),
        remove: changeList(guardianLinks.remove),
      },
    },
  };
}

/** True when an import would write nothing. */
export const isEmptyPlan = (plan: RosterPlan) => plan.size === 0;
