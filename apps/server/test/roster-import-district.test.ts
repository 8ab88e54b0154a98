import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, guardianStudents, periods, periodStudents, users } from '../src/db/schema.js';
import { writeActivities } from '../src/ledger/write.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { csvParts, multipart, toCsv, zipOf } from './helpers/roster-files.js';
import {
  admin,
  big,
  child,
  counts,
  ctx,
  guardian,
  importAndWait,
  Item,
  school,
  send,
  useRosterImportSchool,
} from './helpers/roster-import-school.js';

useRosterImportSchool();

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
