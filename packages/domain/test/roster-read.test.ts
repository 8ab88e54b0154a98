import { describe, expect, it } from 'vitest';
import { diffRoster, MAX_ROSTER_ISSUES, periodNumberOf, type RosterFile } from '../src/index.js';
import { files, read, table } from './roster-files.js';

describe('readRoster: a good file', () => {
  const r = read(files());

  it('has no errors and finds the school by its identifier', () => {
    expect(r.errors).toEqual([]);
    expect(r.roster?.schoolSourcedId).toBe('org-1');
  });

  it("keeps this school's people, maps roles (a parent is a guardian), takes a student's first grade; no other school", () => {
    expect(r.roster!.people.map((p) => [p.sourcedId, p.role, p.gradeLevel])).toEqual([
      ['t1', 'TEACHER', null],
      ['t2', 'TEACHER', null],
      ['s1', 'STUDENT', '07'],
      ['s2', 'STUDENT', '07'],
      ['p1', 'GUARDIAN', null],
      ['a1', 'STAFF', null],
    ]);
    expect(r.roster!.guardianLinks).toEqual([]);
  });

  it("links guardians to students from either side's agentSourcedIds, once each; agents not here are left out", () => {
    const users = table(
      'sourcedId|status|orgSourcedIds|role|givenName|familyName|email|grades|agentSourcedIds',
      ['t1', '', 'org-1', 'teacher', 'Tina', 'Teach', '', '', ''],
      ['t2', '', 'org-1', 'teacher', 'Tom', 'Co', '', '', ''],
      ['s1', '', 'org-1', 'student', 'Sam', 'Stu', '', '07', 'p1,g2'],
      ['s2', '', 'org-1', 'student', 'Sue', 'Dent', '', '07', ''],
      ['p1', '', 'org-1', 'parent', 'Pat', 'Parent', 'pat@x.org', '', 's1,s2,t1,nobody'],
      ['g2', '', 'org-1', 'guardian', 'Gil', 'Guard', '', '', ''],
      ['x1', '', 'org-2', 'student', 'Xena', 'Else', '', '09', 'p1'],
    );
    const reading = read(files({ 'users.csv': users }));
    expect(reading.errors).toEqual([]);
    const roster = reading.roster!;
    expect(roster.guardianLinks.map((l) => `${l.guardian}>${l.student}`).sort()).toEqual([
      'g2>s1',
      'p1>s1',
      'p1>s2',
    ]);
    const { summary, plan } = diffRoster(roster, { people: [], periods: [] });
    expect(summary.guardianLinks.add.count).toBe(3);
    expect(plan.addGuardianLinks).toHaveLength(3);
    expect(summary.people.add.items.filter((i) => i.detail === 'GUARDIAN')).toHaveLength(2);
  });

  it('classes: the primary teacher, the other as co-teacher, ended enrollments left out, homeroom is period 0', () => {
    expect(r.roster!.classes).toEqual([
      {
        sourcedId: 'c1',
        name: 'Math 7',
        periodNumber: 1,
        sectionNumbers: ['101'],
        teacher: 't1',
        coTeachers: ['t2'],
        students: ['s1'],
      },
      {
        sourcedId: 'c2',
        name: 'Homeroom',
        periodNumber: 0,
        sectionNumbers: [],
        teacher: 't1',
        coTeachers: [],
        students: ['s1', 's2'],
      },
    ]);
  });

  it('falls back to the only school org when no id matches', () => {
    const orgs = table('sourcedId|name|type', ['only', 'Only', 'school']);
    const classes = table('sourcedId|title|schoolSourcedId|termSourcedIds', [
      'c1',
      'Math',
      'only',
      'T1',
    ]);
    const users = table('sourcedId|orgSourcedIds|role|givenName|familyName', [
      't1',
      'only',
      'teacher',
      'T',
      'One',
    ]);
    const enrollments = table('sourcedId|classSourcedId|schoolSourcedId|userSourcedId|role', [
      'e',
      'c1',
      'only',
      't1',
      'teacher',
    ]);
    const out = read(
      files({
        'orgs.csv': orgs,
        'classes.csv': classes,
        'users.csv': users,
        'enrollments.csv': enrollments,
      }),
    );
    expect(out.errors).toEqual([]);
    expect(out.roster?.classes.map((c) => c.teacher)).toEqual(['t1']);
  });

  it('a class with no teacher is a warning and left out', () => {
    const enrollments = table('sourcedId|classSourcedId|schoolSourcedId|userSourcedId|role', [
      'e',
      'c1',
      'org-1',
      's1',
      'student',
    ]);
    const out = read(files({ 'enrollments.csv': enrollments }));
    expect(out.errors).toEqual([]);
    expect(out.roster?.classes).toEqual([]);
    expect(out.warnings.map((w) => [w.file, w.line])).toEqual([
      ['classes.csv', 2],
      ['classes.csv', 3],
    ]);
  });

  it('rows marked tobedeleted are left out', () => {
    const users = table('sourcedId|status|orgSourcedIds|role|givenName|familyName', [
      't1',
      'tobedeleted',
      'org-1',
      'teacher',
      'T',
      'One',
    ]);
    const enrollments = table('sourcedId|classSourcedId|schoolSourcedId|userSourcedId|role');
    const out = read(files({ 'users.csv': users, 'enrollments.csv': enrollments }));
    expect(out.errors).toEqual([]);
    expect(out.roster?.people).toEqual([]);
  });
});

describe('readRoster: bad files give each problem with its file, line and reason', () => {
  const cases: [
    string,
    Partial<Record<RosterFile, ReturnType<typeof table> | undefined>>,
    { file: string; line: number; reason: RegExp }[],
  ][] = [
    [
      'a missing file',
      { 'academicSessions.csv': undefined },
      [
        { file: 'academicSessions.csv', line: 0, reason: /missing/ },
        { file: 'classes.csv', line: 2, reason: /"T1", which is not a session/ },
      ],
    ],
    [
      'missing columns',
      { 'users.csv': table('sourcedId|role|givenName', ['t1', 'teacher', 'T']) },
      [{ file: 'users.csv', line: 1, reason: /Missing columns: orgSourcedIds, familyName/ }],
    ],
    [
      'duplicate ids',
      {
        'orgs.csv': table(
          'sourcedId|name|type|identifier',
          ['org-1', 'M', 'school', 'SCH1'],
          ['D1', 'D', 'district', ''],
          ['org-2', 'H', 'school', ''],
          ['org-1', 'Again', 'school', ''],
        ),
      },
      [{ file: 'orgs.csv', line: 5, reason: /Duplicate sourcedId "org-1" \(first on line 2\)/ }],
    ],
    [
      'unknown references',
      {
        'enrollments.csv': table(
          'sourcedId|classSourcedId|schoolSourcedId|userSourcedId|role',
          ['e1', 'nope', 'org-1', 't1', 'teacher'],
          ['e2', 'c1', 'org-1', 'ghost', 'student'],
        ),
      },
      [
        { file: 'enrollments.csv', line: 2, reason: /classSourcedId "nope"/ },
        { file: 'enrollments.csv', line: 3, reason: /userSourcedId "ghost"/ },
      ],
    ],
    [
      'bad dates',
      {
        'academicSessions.csv': table(
          'sourcedId|title|type|startDate|endDate',
          ['T1', 'Fall', 'term', '2026-02-30', '2026-12-20'],
          ['Y', 'Year', 'schoolYear', '2027-06-10', '2026-08-15'],
        ),
      },
      [
        { file: 'academicSessions.csv', line: 2, reason: /startDate "2026-02-30" is not a date/ },
        {
          file: 'academicSessions.csv',
          line: 3,
          reason: /endDate 2026-08-15 is before startDate 2027-06-10/,
        },
      ],
    ],
    [
      'a bad enrollment date and a bad dateLastModified',
      {
        'enrollments.csv': table(
          'sourcedId|dateLastModified|classSourcedId|schoolSourcedId|userSourcedId|role|beginDate',
          ['e1', 'yesterday', 'c1', 'org-1', 't1', 'teacher', '08/15/2026'],
        ),
      },
      [
        { file: 'enrollments.csv', line: 2, reason: /dateLastModified "yesterday"/ },
        { file: 'enrollments.csv', line: 2, reason: /beginDate "08\/15\/2026"/ },
      ],
    ],
    [
      'an unknown role',
      {
        'users.csv': table('sourcedId|orgSourcedIds|role|givenName|familyName', [
          't1',
          'org-1',
          'wizard',
          'T',
          'One',
        ]),
      },
      [{ file: 'users.csv', line: 2, reason: /role "wizard"/ }],
    ],
    [
      'an empty name',
      {
        'users.csv': table('sourcedId|orgSourcedIds|role|givenName|familyName', [
          't1',
          'org-1',
          'teacher',
          'T',
          '',
        ]),
      },
      [{ file: 'users.csv', line: 2, reason: /familyName is empty/ }],
    ],
    [
      'no matching school',
      { 'orgs.csv': table('sourcedId|name|type', ['a', 'A', 'school'], ['b', 'B', 'school']) },
      [{ file: 'orgs.csv', line: 0, reason: /SCH1/ }],
    ],
  ];

  it.each(cases)('%s', (_name, over, expected) => {
    const tables = files();
    for (const [k, v] of Object.entries(over)) {
      if (v) tables[k as RosterFile] = v;
      else delete tables[k as RosterFile];
    }
    const out = read(tables);
    expect(out.roster).toBeNull();
    expect(out.errorCount).toBeGreaterThan(0);
    for (const e of expected)
      expect(out.errors).toContainEqual({
        file: e.file,
        line: e.line,
        reason: expect.stringMatching(e.reason),
      });
  });

  it('lists at most MAX_ROSTER_ISSUES problems but counts them all', () => {
    const rows = Array.from({ length: MAX_ROSTER_ISSUES + 10 }, (_, i) => [
      `u${i}`,
      'org-1',
      'robot',
      'A',
      'B',
    ]);
    const out = read(
      files({ 'users.csv': table('sourcedId|orgSourcedIds|role|givenName|familyName', ...rows) }),
    );
    expect(out.errors).toHaveLength(MAX_ROSTER_ISSUES);
    expect(out.errorCount).toBeGreaterThanOrEqual(MAX_ROSTER_ISSUES + 10);
  });
});

describe('periodNumberOf', () => {
  it.each([
    ['homeroom', '3', 0],
    ['scheduled', '1', 1],
    ['scheduled', '4,5', 4],
    ['scheduled', 'P7', 7],
    ['scheduled', '', 99],
    ['scheduled', '120', 99],
  ])('%s %s → %i', (type, periods, n) => expect(periodNumberOf(type, periods)).toBe(n));
});
