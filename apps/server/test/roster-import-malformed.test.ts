import { count } from 'drizzle-orm';
import { MAX_ROSTER_ISSUES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { rosterImports } from '../src/db/schema.js';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import {
  csvParts,
  district,
  HEADERS,
  multipart,
  toCsv,
  zipOf,
  type RosterCsv,
} from './helpers/roster-files.js';
import { call } from './helpers/test-app.js';
import {
  admin,
  counts,
  ctx,
  school,
  send,
  token,
  useRosterImportSchool,
} from './helpers/roster-import-school.js';

useRosterImportSchool();

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
    // This school's import, as one done here would leave it (these files write none).
    const [row] = await ctx.database.db
      .insert(rosterImports)
      .values({ schoolId: school.id, status: 'done', startedBy: admin.id })
      .returning();
    const other = await makeSchool(ctx.database.db);
    const otherAdmin = await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']);
    const res = await call(ctx.app, 'GET', `/roster/import/${row!.id}`, {
      token: await signIn(ctx.app, otherAdmin),
    });
    expect(res.status).toBe(404);
  });
});
