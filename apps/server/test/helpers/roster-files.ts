import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';

/** OneRoster 1.1 CSV files by name. */
export type RosterCsv = Record<string, string>;

const csv = (header: string[], rows: (string | number)[][]) =>
  [header, ...rows]
    .map((r) =>
      r
        .map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c)))
        .join(','),
    )
    .join('\r\n') + '\r\n';

export const HEADERS = {
  orgs: [
    'sourcedId',
    'status',
    'dateLastModified',
    'name',
    'type',
    'identifier',
    'parentSourcedId',
  ],
  academicSessions: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
    'parentSourcedId',
    'schoolYear',
  ],
  users: [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'orgSourcedIds',
    'role',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
  ],
  classes: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  enrollments: [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
};

export interface District {
  /** The school's external id (orgs.csv identifier). */
  schoolExternalId: string;
  students: number;
  teachers: number;
  /** Classes per teacher; each student takes `classesPerStudent` of them. */
  classesPerTeacher?: number;
  classesPerStudent?: number;
  /** A prefix of every sourcedId, so two districts do not collide. */
  prefix?: string;
  year?: { start: string; end: string };
}

export interface DistrictModel {
  orgs: (string | number)[][];
  sessions: (string | number)[][];
  users: (string | number)[][];
  classes: (string | number)[][];
  enrollments: (string | number)[][];
}

/** A district: the district org, the school and a second school, a year and two terms, teachers, students, classes. */
export function district(d: District): DistrictModel {
  const p = d.prefix ?? 'd';
  const year = d.year ?? { start: '2026-08-01', end: '2027-06-30' };
  const school = `${p}-org-school`;
  const m: DistrictModel = {
    orgs: [
      [
        `${p}-org-district`,
        'active',
        '2026-08-01T00:00:00Z',
        'Unified District',
        'district',
        'DIST',
        '',
      ],
      [
        school,
        'active',
        '2026-08-01T00:00:00Z',
        'Roster Middle',
        'school',
        d.schoolExternalId,
        `${p}-org-district`,
      ],
      [`${p}-org-other`, 'active', '', 'Other High', 'school', 'OTHER-HS', `${p}-org-district`],
    ],
    sessions: [
      [
        `${p}-year`,
        'active',
        '',
        'School year',
        'schoolYear',
        year.start,
        year.end,
        '',
        year.end.slice(0, 4),
      ],
      [
        `${p}-term`,
        'active',
        '',
        'Whole year',
        'term',
        year.start,
        year.end,
        `${p}-year`,
        year.end.slice(0, 4),
      ],
    ],
    users: [],
    classes: [],
    enrollments: [],
  };
  const perTeacher = d.classesPerTeacher ?? 5;
  const perStudent = d.classesPerStudent ?? 6;
  for (let t = 0; t < d.teachers; t++)
    m.users.push([
      `${p}-t${t}`,
      'active',
      '',
      'true',
      school,
      'teacher',
      `teacher${t}`,
      '',
      `Teacher${t}`,
      `Staff${t}`,
      '',
      '',
      `t${t}@district.example`,
      '',
      '',
      '',
      '',
      '',
    ]);
  for (let s = 0; s < d.students; s++)
    m.users.push([
      `${p}-s${s}`,
      'active',
      '',
      'true',
      school,
      'student',
      `student${s}`,
      '',
      `Student${s}`,
      `Pupil${s}`,
      '',
      '',
      '',
      '',
      '',
      '',
      String(6 + (s % 3)).padStart(2, '0'),
      '',
    ]);
  m.users.push([
    `${p}-parent`,
    'active',
    '',
    'true',
    school,
    'parent',
    'parent',
    '',
    'Pat',
    'Parent',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
  m.users.push([
    `${p}-other-s`,
    'active',
    '',
    'true',
    `${p}-org-other`,
    'student',
    'o',
    '',
    'Olive',
    'Other',
    '',
    '',
    '',
    '',
    '',
    '',
    '10',
    '',
  ]);
  const classCount = d.teachers * perTeacher;
  for (let c = 0; c < classCount; c++) {
    const teacher = `${p}-t${c % d.teachers}`;
    const period = 1 + Math.floor(c / d.teachers);
    m.classes.push([
      `${p}-c${c}`,
      'active',
      '',
      `Class ${c}`,
      '',
      '',
      String(100 + c),
      'scheduled',
      '',
      school,
      `${p}-term`,
      '',
      '',
      String(period),
    ]);
    m.enrollments.push([
      `${p}-e-t${c}`,
      'active',
      '',
      `${p}-c${c}`,
      school,
      teacher,
      'teacher',
      'true',
      '',
      '',
    ]);
  }
  for (let s = 0; s < d.students; s++) {
    // Student s takes one class in each of `perStudent` periods, spread over the teachers.
    for (let k = 0; k < perStudent && k < perTeacher; k++) {
      const c = k * d.teachers + ((s + k) % d.teachers);
      m.enrollments.push([
        `${p}-e-s${s}-${k}`,
        'active',
        '',
        `${p}-c${c}`,
        school,
        `${p}-s${s}`,
        'student',
        'false',
        year.start,
        '',
      ]);
    }
  }
  return m;
}

export function toCsv(m: DistrictModel): RosterCsv {
  return {
    'orgs.csv': csv(HEADERS.orgs, m.orgs),
    'academicSessions.csv': csv(HEADERS.academicSessions, m.sessions),
    'users.csv': csv(HEADERS.users, m.users),
    'classes.csv': csv(HEADERS.classes, m.classes),
    'enrollments.csv': csv(HEADERS.enrollments, m.enrollments),
    'manifest.csv': 'propertyName,value\r\nmanifest.version,1.0\r\noneroster.version,1.1\r\n',
  };
}

/** A roster with the school and no one in it: an import of it changes nothing. */
export function emptyRoster(schoolExternalId = 'ANY'): RosterCsv {
  return toCsv({
    ...district({ schoolExternalId, students: 0, teachers: 0 }),
    orgs: [['only-school', 'active', '', 'Only', 'school', schoolExternalId, '']],
    users: [],
  });
}

export const zipOf = (files: RosterCsv) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(Object.entries(files).map(([n, t]) => [`oneroster/${n}`, Buffer.from(t)])),
    ),
  );

/** A multipart/form-data request body of files, as a browser's FormData sends it. */
export function multipart(files: { name: string; data: Buffer | string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----roster${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The CSV files as separate parts. */
export const csvParts = (files: RosterCsv) =>
  multipart(Object.entries(files).map(([name, data]) => ({ name, data })));
