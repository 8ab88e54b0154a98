import { and, count, eq, isNotNull } from 'drizzle-orm';
import { MAX_ROSTER_ISSUES } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { alias } from 'drizzle-orm/pg-core';
import {
  activities,
  guardianStudents,
  periods,
  periodStudents,
  rosterImports,
  rosterUsers,
  users,
} from '../src/db/schema.js';
import { writeActivities } from '../src/ledger/write.js';
import { runningJobs } from '../src/modules/roster-import/jobs.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import {
  csvParts,
  district,
  HEADERS,
  multipart,
  toCsv,
  zipOf,
  type DistrictModel,
  type RosterCsv,
} from './helpers/roster-files.js';
import { call, useTestApp } from './helpers/test-app.js';

const guardian = alias(users, 'guardian');
const child = alias(users, 'child');

/** One line of a dry run's lists. */
type Item = { sourcedId: string; name: string; detail: string; fields?: string[] };

const ctx = useTestApp();
let school: SchoolRow;
let admin: UserRow;
let token: string;

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
  token = await signIn(ctx.app, admin);
});

const send = (url: string, body: { payload: Buffer; headers: Record<string, string> }, t = token) =>
  call(ctx.app, 'POST', url, { token: t, ...body });

/** Starts an import and waits for it; answers its final state. */
async function importAndWait(body: { payload: Buffer; headers: Record<string, string> }) {
  const started = await send('/roster/import', body);
  expect(started.status, JSON.stringify(started.body).slice(0, 500)).toBe(202);
  await Promise.allSettled(runningJobs());
  const res = await call(ctx.app, 'GET', `/roster/import/${started.body._id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** What the school holds: users, periods with a source id, enrollments, people who left. */
async function counts(schoolId = school.id) {
  const db = ctx.database.db;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    users: await n(db.select({ n: count() }).from(users).where(eq(users.schoolId, schoolId))),
    periods: await n(
      db
        .select({ n: count() })
        .from(periods)
        .where(and(eq(periods.schoolId, schoolId), isNotNull(periods.sourceId))),
    ),
    enrollments: await n(
      db.select({ n: count() }).from(periodStudents).where(eq(periodStudents.schoolId, schoolId)),
    ),
    left: await n(
      db
        .select({ n: count() })
        .from(rosterUsers)
        .where(and(eq(rosterUsers.schoolId, schoolId), isNotNull(rosterUsers.leftAt))),
    ),
  };
}

/** users.csv's agentSourcedIds column. */
const AGENTS = HEADERS.users.indexOf('agentSourcedIds');

/**
 * The generated district: 2,000 students, 80 teachers with 5 classes each, 5 classes per student,
 * and a parent: the guardian of d-s1 (by the parent's agentSourcedIds) and of d-s2 (by the student's).
 */
const big = (): DistrictModel => {
  const m = district({
    schoolExternalId: school.externalId,
    students: 2000,
    teachers: 80,
    classesPerTeacher: 5,
    classesPerStudent: 5,
    year: { start: '2026-08-01', end: '2099-06-30' },
  });
  m.users = m.users.map((u) =>
    u[0] === 'd-parent'
      ? Object.assign([...u], { [AGENTS]: 'd-s1' })
      : u[0] === 'd-s2'
        ? Object.assign([...u], { [AGENTS]: 'd-parent' })
        : u,
  );
  return m;
};

describe('a good district file (a generated 2,000-student school)', () => {
  it('dry run: everything to add, nothing written', async () => {
    const before = await counts();
    const res = await send(
      '/roster/dry-run',
      multipart([{ name: 'district.zip', data: zipOf(toCsv(big())) }]),
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.files.sort()).toEqual([
      'academicSessions.csv',
      'classes.csv',
      'enrollments.csv',
      'orgs.csv',
      'users.csv',
    ]);
    const s = res.body.summary;
    expect([
      s.people.add.count,
      s.periods.add.count,
      s.enrollments.add.count,
      s.guardianLinks.add.count,
    ]).toEqual([2081, 400, 10000, 2]);
    expect(s.guardianLinks.add.items.map((i: Item) => `${i.sourcedId} ${i.name}`)).toEqual([
      'd-parent Parent, Pat',
      'd-parent Parent, Pat',
    ]);
    expect(s.people.add.items).toHaveLength(200); // listed up to 200, counted in full
    expect([
      s.people.change.count,
      s.people.remove.count,
      s.periods.remove.count,
      s.enrollments.remove.count,
    ]).toEqual([0, 0, 0, 0]);
    expect(await counts()).toEqual(before);
  });

  it('imports in one job (the time on this database is printed), then a re-import changes nothing', async () => {
    const before = await counts();
    const started = performance.now();
    const done = await importAndWait(
      multipart([{ name: 'district.zip', data: zipOf(toCsv(big())) }]),
    );
    const ms = performance.now() - started;
    console.log(
      `roster import of a 2,000-student school (2,081 people, 400 classes, 10,000 enrollments) on ${ctx.database.kind}: ${Math.round(ms)} ms`,
    );
    expect(done).toMatchObject({ status: 'done', phase: 'done', message: null });
    expect(done.total).toBe(2081 + 400 + 10000 + 2);
    expect(done.done).toBe(done.total);
    expect(done.summary.people.add.count).toBe(2081);
    expect(await counts()).toEqual({
      users: before.users + 2081,
      periods: 400,
      enrollments: 10000,
      left: 0,
    });

    // Imported users carry their sourcedId as external id (SSO matches on it) and the roles of the files.
    const [student] = await ctx.database.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.externalId, 'd-s7')));
    expect(student).toMatchObject({
      firstName: 'Student7',
      lastName: 'Pupil7',
      roles: ['STUDENT'],
      gradeLevel: '07',
    });
    const [cls] = await ctx.database.db
      .select()
      .from(periods)
      .where(and(eq(periods.schoolId, school.id), eq(periods.sourceId, 'd-c81')));
    expect(cls).toMatchObject({
      name: 'Class 81',
      externalTeacherId: 'd-t1',
      periodNumber: 2,
      sectionNumbers: ['181'],
    });

    const again = await send('/roster/dry-run', csvParts(toCsv(big())));
    expect(again.status).toBe(200);
    const counted = Object.values(again.body.summary).flatMap((g) =>
      Object.values(g as Record<string, { count: number }>).map((l) => l.count),
    );
    expect(counted.every((n) => n === 0)).toBe(true);
    const second = await importAndWait(csvParts(toCsv(big())));
    expect(second).toMatchObject({ status: 'done', total: 0, done: 0 });
    expect(await counts()).toEqual({
      users: before.users + 2081,
      periods: 400,
      enrollments: 10000,
      left: 0,
    });
    // The parent is a guardian of d-s1 and d-s2, and reads them only (docs/decisions/115-guardians.md).
    const links = await ctx.database.db
      .select({ guardian: guardian.externalId, student: child.externalId, roles: guardian.roles })
      .from(guardianStudents)
      .innerJoin(guardian, eq(guardian.id, guardianStudents.guardianId))
      .innerJoin(child, eq(child.id, guardianStudents.studentId))
      .where(eq(guardianStudents.schoolId, school.id))
      .orderBy(child.externalId);
    expect(links).toEqual([
      { guardian: 'd-parent', student: 'd-s1', roles: ['GUARDIAN'] },
      { guardian: 'd-parent', student: 'd-s2', roles: ['GUARDIAN'] },
    ]);
  }, 120_000);
});

describe('a partial update', () => {
  it('shows and applies only the changes; students who leave keep their history', async () => {
    const db = ctx.database.db;
    // A leaver with points: their history must survive the import.
    const [leaver] = await db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.externalId, 'd-s3')));
    const kindness = await typeByName(db, school, 'Kindness');
    const day = await schoolDay(db, school);
    await db.transaction((tx) =>
      writeActivities(
        tx,
        school.id,
        [{ studentId: leaver!.id, type: kindness, points: kindness.points }],
        { date: day, comment: 'before leaving', periodId: null, groupId: null, givenBy: admin.id },
      ),
    );

    const m = big();
    const leavers = new Set(['d-s3', 'd-s4']);
    m.users = m.users.filter((u) => !leavers.has(String(u[0])));
    m.enrollments = m.enrollments.filter((e) => !leavers.has(String(e[5])));
    // A renamed student, two new students in class 0, a co-teacher for class 1, an enrollment that ended.
    m.users = m.users.map((u) => (u[0] === 'd-s10' ? Object.assign([...u], { 9: 'Renamed' }) : u));
    for (const s of ['new-1', 'new-2']) {
      m.users.push([
        s,
        'active',
        '',
        'true',
        'd-org-school',
        'student',
        s,
        '',
        'New',
        s,
        '',
        '',
        '',
        '',
        '',
        '',
        '06',
        '',
      ]);
      m.enrollments.push([
        `e-${s}`,
        'active',
        '',
        'd-c0',
        'd-org-school',
        s,
        'student',
        'false',
        '',
        '',
      ]);
    }
    m.enrollments.push([
      'e-co',
      'active',
      '',
      'd-c1',
      'd-org-school',
      'd-t2',
      'teacher',
      'false',
      '',
      '',
    ]);
    const ended = m.enrollments.findIndex((e) => e[5] === 'd-s20');
    m.enrollments[ended] = Object.assign([...m.enrollments[ended]!], {
      8: '2019-08-01',
      9: '2020-01-31',
    });
    const endedClass = String(m.enrollments[ended]![3]);

    const before = await counts();
    const dry = await send('/roster/dry-run', csvParts(toCsv(m)));
    expect(dry.status).toBe(200);
    const s = dry.body.summary;
    expect(s.people.add.items.map((x: Item) => x.sourcedId).sort()).toEqual(['new-1', 'new-2']);
    expect(s.people.change.items).toEqual([
      { sourcedId: 'd-s10', name: 'Renamed, Student10', detail: 'STUDENT', fields: ['lastName'] },
    ]);
    expect(s.people.remove.items.map((x: Item) => x.sourcedId).sort()).toEqual(['d-s3', 'd-s4']);
    expect(s.enrollments.add.count).toBe(2);
    // The leavers' 5 classes each, and the ended enrollment.
    expect(s.enrollments.remove.count).toBe(11);
    expect(s.enrollments.remove.items.filter((x: Item) => x.sourcedId === 'd-s20')).toEqual([
      { sourcedId: 'd-s20', name: 'Pupil20, Student20', detail: `Class ${endedClass.slice(3)}` },
    ]);
    expect(s.coTeachers.add.items).toEqual([
      { sourcedId: 'd-t2', name: 'Staff2, Teacher2', detail: 'Class 1' },
    ]);
    expect(s.periods.change.items).toEqual([
      { sourcedId: 'd-c1', name: 'Class 1', detail: 'Staff1, Teacher1', fields: ['coTeachers'] },
    ]);
    expect([s.periods.add.count, s.periods.remove.count]).toEqual([0, 0]);
    expect(await counts()).toEqual(before);

    const done = await importAndWait(csvParts(toCsv(m)));
    expect(done.status).toBe('done');
    expect(done.total).toBe(2 + 1 + 2 + 1 + 11 + 2); // added, changed, left, period changed, unenrolled, enrolled
    expect(await counts()).toEqual({
      users: before.users + 2,
      periods: 400,
      enrollments: before.enrollments - 11 + 2,
      left: 2,
    });
    // The leaver: still a user, in no class, with their points.
    expect(
      await db
        .select()
        .from(periodStudents)
        .where(
          and(eq(periodStudents.schoolId, school.id), eq(periodStudents.studentId, leaver!.id)),
        ),
    ).toEqual([]);
    expect(
      (
        await db
          .select()
          .from(activities)
          .where(and(eq(activities.schoolId, school.id), eq(activities.studentId, leaver!.id)))
      ).map((a) => a.comment),
    ).toEqual(['before leaving']);
    const [c1] = await db
      .select()
      .from(periods)
      .where(and(eq(periods.schoolId, school.id), eq(periods.sourceId, 'd-c1')));
    expect(c1!.coTeachers).toEqual(['d-t2']);

    // The leaver comes back: a change, not a new user.
    const back = await send('/roster/dry-run', csvParts(toCsv(big())));
    expect(
      back.body.summary.people.change.items
        .filter((x: Item) => x.fields?.includes('returns'))
        .map((x: Item) => x.sourcedId)
        .sort(),
    ).toEqual(['d-s3', 'd-s4']);
    expect(back.body.summary.people.add.count).toBe(0);
  }, 120_000);
});

describe('malformed files: per-row errors, nothing written', () => {
  const small = () =>
    district({
      schoolExternalId: school.externalId,
      students: 5,
      teachers: 2,
      classesPerTeacher: 2,
      classesPerStudent: 2,
      prefix: 'm',
    });
  const withCsv = (over: Partial<RosterCsv>, drop: string[] = []) => {
    const files = { ...toCsv(small()), ...over };
    for (const d of drop) delete files[d];
    return files as RosterCsv;
  };
  const header = (h: string[], rows: string[][]) =>
    [h.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n';
  // Built when the test runs (the school exists by then); `model` is the district the cases change.
  const model = district({
    schoolExternalId: 'SCHOOL',
    students: 5,
    teachers: 2,
    classesPerTeacher: 2,
    classesPerStudent: 2,
    prefix: 'm',
  });
  const cases: [string, () => RosterCsv, { file: string; line: number; reason: RegExp }[]][] = [
    [
      'missing columns',
      () =>
        withCsv({
          'users.csv': header(['sourcedId', 'role', 'givenName'], [['u1', 'student', 'A']]),
        }),
      [{ file: 'users.csv', line: 1, reason: /Missing columns: orgSourcedIds, familyName/ }],
    ],
    [
      'a missing file',
      () => withCsv({}, ['enrollments.csv']),
      [{ file: 'enrollments.csv', line: 0, reason: /missing/ }],
    ],
    [
      'unknown references',
      () =>
        toCsv({
          ...small(),
          enrollments: [
            ...model.enrollments,
            ['bad-1', '', '', 'no-such-class', 'm-org-school', 'm-s0', 'student', '', '', ''],
            ['bad-2', '', '', 'm-c0', 'm-org-school', 'ghost', 'student', '', '', ''],
          ],
        }),
      [
        {
          file: 'enrollments.csv',
          line: model.enrollments.length + 2,
          reason: /classSourcedId "no-such-class"/,
        },
        {
          file: 'enrollments.csv',
          line: model.enrollments.length + 3,
          reason: /userSourcedId "ghost"/,
        },
      ],
    ],
    [
      'bad dates',
      () =>
        toCsv({
          ...small(),
          sessions: [
            ['m-year', '', '', 'Year', 'schoolYear', '2026-13-01', '2027-06-30', '', '2027'],
            model.sessions[1]!,
          ],
        }),
      [{ file: 'academicSessions.csv', line: 2, reason: /startDate "2026-13-01"/ }],
    ],
    [
      'duplicate ids',
      () => toCsv({ ...small(), users: [...model.users, model.users[0]!] }),
      [
        {
          file: 'users.csv',
          line: model.users.length + 2,
          reason: /Duplicate sourcedId "m-t0" \(first on line 2\)/,
        },
      ],
    ],
    [
      'a broken CSV quote',
      () => withCsv({ 'classes.csv': `${HEADERS.classes.join(',')}\n"m-c0,unterminated\n` }),
      [{ file: 'classes.csv', line: 2, reason: /Not readable as CSV/ }],
    ],
    [
      'a row with too few fields',
      () => withCsv({ 'orgs.csv': `${HEADERS.orgs.join(',')}\nm-org-school,active\n` }),
      [{ file: 'orgs.csv', line: 2, reason: /2 fields; the header has 7/ }],
    ],
  ];

  it.each(cases)('%s', async (_name, make, expected) => {
    const files = make();
    const before = await counts();
    const dry = await send('/roster/dry-run', csvParts(files));
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toBeNull();
    for (const e of expected)
      expect(dry.body.errors).toContainEqual({
        file: e.file,
        line: e.line,
        reason: expect.stringMatching(e.reason),
      });
    const refused = await send(
      '/roster/import',
      multipart([{ name: 'roster.zip', data: zipOf(files) }]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/problems?; nothing was imported/);
    expect(refused.body.errorCount).toBe(dry.body.errorCount);
    expect(refused.body.errors).toEqual(dry.body.errors);
    expect(await counts()).toEqual(before);
  });

  it('a 50 MB file: its problems listed (the first ones) and counted, nothing written', async () => {
    const before = await counts();
    const importsBefore = await ctx.database.db.select({ n: count() }).from(rosterImports);
    // 50 MB of rows with one field too many.
    const row = `${'x'.repeat(90)},${'y'.repeat(8)}${',z'.repeat(HEADERS.users.length - 1)}\n`;
    const rows = Math.ceil((50 * 1024 * 1024) / row.length);
    const users50 = `${HEADERS.users.join(',')}\n${row.repeat(rows)}`;
    expect(users50.length).toBeGreaterThan(50 * 1024 * 1024);
    const files = { ...toCsv(small()), 'users.csv': users50 };
    const dry = await send('/roster/dry-run', csvParts(files));
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toHaveLength(MAX_ROSTER_ISSUES);
    expect(dry.body.errorCount).toBeGreaterThanOrEqual(rows);
    expect(dry.body.errors[0]).toEqual({
      file: 'users.csv',
      line: 2,
      reason: `The row has ${HEADERS.users.length + 1} fields; the header has ${HEADERS.users.length}.`,
    });
    const refused = await send('/roster/import', csvParts(files));
    expect(refused.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await ctx.database.db.select({ n: count() }).from(rosterImports)).toEqual(importsBefore);
  }, 120_000);

  it('over 60 MB in all is refused with 413', async () => {
    const res = await send(
      '/roster/dry-run',
      multipart([{ name: 'users.csv', data: Buffer.alloc(61 * 1024 * 1024, 'a') }]),
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The roster files are larger than 60 MB in all.' });
  }, 60_000);

  it.each([
    [
      'JSON instead of files',
      { payload: Buffer.from('{"files":[]}'), headers: { 'content-type': 'application/json' } },
      415,
      /multipart\/form-data/,
    ],
    ['no files', multipart([]), 400, /No roster files/],
    [
      'a file that is neither CSV nor zip',
      multipart([{ name: 'roster.xlsx', data: 'PK' }]),
      400,
      /roster\.xlsx is not a OneRoster file/,
    ],
    [
      'a broken zip',
      multipart([{ name: 'roster.zip', data: 'PK\u0003\u0004 not really' }]),
      400,
      /could not be read/,
    ],
  ] as const)('%s: a clear 4xx', async (_name, body, status, message) => {
    for (const url of ['/roster/dry-run', '/roster/import']) {
      const res = await send(url, body);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
    }
  });

  it('an unknown import id is 404; another school cannot read an import', async () => {
    expect((await call(ctx.app, 'GET', '/roster/import/not-an-id', { token })).status).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(rosterImports)
      .where(eq(rosterImports.schoolId, school.id))
      .limit(1);
    const other = await makeSchool(ctx.database.db);
    const otherAdmin = await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']);
    const res = await call(ctx.app, 'GET', `/roster/import/${row!.id}`, {
      token: await signIn(ctx.app, otherAdmin),
    });
    expect(res.status).toBe(404);
  });
});
