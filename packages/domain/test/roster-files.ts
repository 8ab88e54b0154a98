import {
  englishOf,
  readRoster,
  type RosterFile,
  type RosterIssue,
  type RosterTables,
} from '../src/index.js';

const TODAY = '2026-11-23';
const SCHOOL = { externalId: 'SCH1' };

/** A table from a header and rows of cells; data rows start on line 2. */
export const table = (header: string, ...rows: string[][]) => {
  const columns = header.split('|');
  return {
    columns,
    rows: rows.map((cells, i) => ({
      line: i + 2,
      values: Object.fromEntries(columns.map((c, j) => [c, cells[j] ?? ''])),
    })),
  };
};

/** A small good district: a district, the school and another school; two classes. */
export function files(
  over: Partial<Record<RosterFile, ReturnType<typeof table>>> = {},
): RosterTables {
  return {
    'orgs.csv': table(
      'sourcedId|status|dateLastModified|name|type|identifier|parentSourcedId',
      ['D1', '', '', 'District', 'district', '', ''],
      ['org-1', '', '2026-08-01T10:00:00Z', 'Middle', 'school', 'SCH1', 'D1'],
      ['org-2', '', '', 'High', 'school', 'SCH2', 'D1'],
    ),
    'academicSessions.csv': table(
      'sourcedId|title|type|startDate|endDate|parentSourcedId',
      ['Y', 'Year', 'schoolYear', '2026-08-15', '2027-06-10', ''],
      ['T1', 'Fall', 'term', '2026-08-15', '2026-12-20', 'Y'],
    ),
    'users.csv': table(
      'sourcedId|status|orgSourcedIds|role|givenName|familyName|email|grades',
      ['t1', '', 'org-1', 'teacher', 'Tina', 'Teach', 't1@x.org', ''],
      ['t2', '', 'org-1', 'teacher', 'Tom', 'Co', '', ''],
      ['s1', '', 'org-1', 'student', 'Sam', 'Stu', '', '07'],
      ['s2', '', 'org-1', 'student', 'Sue', 'Dent', '', '07,08'],
      ['p1', '', 'org-1', 'parent', 'Pat', 'Parent', '', ''],
      ['x1', '', 'org-2', 'student', 'Xena', 'Else', '', '09'],
      ['a1', '', 'D1,org-1', 'administrator', 'Ada', 'Min', '', ''],
    ),
    'classes.csv': table(
      'sourcedId|title|classCode|classType|schoolSourcedId|termSourcedIds|periods',
      ['c1', 'Math 7', '101', 'scheduled', 'org-1', 'T1', '1'],
      ['c2', 'Homeroom', '', 'homeroom', 'org-1', 'Y,T1', ''],
      ['c3', 'High Art', '', 'scheduled', 'org-2', 'T1', '2'],
    ),
    'enrollments.csv': table(
      'sourcedId|classSourcedId|schoolSourcedId|userSourcedId|role|primary|beginDate|endDate',
      ['e1', 'c1', 'org-1', 't2', 'teacher', 'false', '', ''],
      ['e2', 'c1', 'org-1', 't1', 'teacher', 'true', '', ''],
      ['e3', 'c1', 'org-1', 's1', 'student', '', '2026-08-15', ''],
      ['e4', 'c1', 'org-1', 's2', 'student', '', '', '2026-10-01'],
      ['e5', 'c2', 'org-1', 't1', 'teacher', 'true', '', ''],
      ['e6', 'c2', 'org-1', 's1', 'student', '', '', ''],
      ['e7', 'c2', 'org-1', 's2', 'student', '', '', ''],
      ['e8', 'c3', 'org-2', 'x1', 'student', '', '', ''],
    ),
    ...over,
  };
}

/** The reading, its problems' reasons read as their English text. */
export const read = (tables: RosterTables) => {
  const r = readRoster(tables, SCHOOL, TODAY);
  const text = (list: RosterIssue[]) => list.map((i) => ({ ...i, reason: englishOf(i.reason) }));
  return { ...r, errors: text(r.errors), warnings: text(r.warnings) };
};
