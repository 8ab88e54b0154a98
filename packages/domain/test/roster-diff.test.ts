import { describe, expect, it } from 'vitest';
import { diffRoster, rolesAfterImport, type CurrentRoster, type Roster } from '../src/index.js';
import { files, read } from './roster-files.js';

describe('rolesAfterImport', () => {
  it.each([
    [['TEACHER', 'SCHOOL_ADMIN'], 'STAFF', ['SCHOOL_ADMIN', 'STAFF']],
    [['STUDENT'], 'STUDENT', ['STUDENT']],
    [[], 'TEACHER', ['TEACHER']],
    [['GIVE_ALL', 'STORE_MANAGER', 'TEACHER'], 'TEACHER', ['GIVE_ALL', 'STORE_MANAGER', 'TEACHER']],
  ] as const)('%j + %s → %j', (current, role, out) =>
    expect(rolesAfterImport(current, role)).toEqual(out),
  );
});

describe('diffRoster', () => {
  const roster = read(files()).roster as Roster;
  const empty: CurrentRoster = { people: [], periods: [] };

  it('into an empty school: everything is added', () => {
    const { summary, plan } = diffRoster(roster, empty);
    expect(summary.people.add.count).toBe(6); // with the parent, a guardian of no one here
    expect(summary.periods.add.items.map((p) => [p.sourcedId, p.detail])).toEqual([
      ['c1', 'Teach, Tina'],
      ['c2', 'Teach, Tina'],
    ]);
    expect(summary.enrollments.add.count).toBe(3);
    expect(summary.coTeachers.add.items).toEqual([
      { sourcedId: 't2', name: 'Co, Tom', detail: 'Math 7' },
    ]);
    expect(plan.size).toBe(6 + 2 + 3);
  });

  /** The school as the first import left it. */
  const imported = (): CurrentRoster => ({
    people: roster.people.map((p, i) => ({
      id: `id-${p.sourcedId}`,
      externalId: p.sourcedId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      roles: [p.role],
      gradeLevel: p.gradeLevel,
      managed: true,
      left: i < 0,
    })),
    periods: roster.classes.map((c) => ({
      id: `pid-${c.sourcedId}`,
      sourceId: c.sourcedId,
      name: c.name,
      teacherExternalId: c.teacher,
      coTeachers: c.coTeachers,
      periodNumber: c.periodNumber,
      sectionNumbers: c.sectionNumbers,
      students: c.students,
    })),
  });

  it('the same files again: nothing to do', () => {
    const { summary, plan } = diffRoster(roster, imported());
    expect(plan.size).toBe(0);
    expect(
      Object.values(summary).flatMap((g) =>
        Object.values(g as Record<string, { count: number }>).map((l) => l.count),
      ),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('a partial update: a new name, a moved student, a new co-teacher, a leaver, roles set in settings kept', () => {
    const current = imported();
    current.people.find((p) => p.externalId === 't1')!.roles = ['TEACHER', 'SCHOOL_ADMIN'];
    current.people.push({
      id: 'id-gone',
      externalId: 'gone',
      firstName: 'Gus',
      lastName: 'Gone',
      email: null,
      roles: ['STUDENT'],
      gradeLevel: '07',
      managed: true,
      left: false,
    });
    current.people.push({
      id: 'id-hand',
      externalId: 'hand',
      firstName: 'Hal',
      lastName: 'Hand',
      email: null,
      roles: ['STUDENT'],
      gradeLevel: '07',
      managed: false,
      left: false,
    });
    current.periods[0]!.students = ['s1', 'gone', 'hand'];
    const next: Roster = {
      ...roster,
      people: roster.people.map((p) =>
        p.sourcedId === 's2' ? { ...p, lastName: 'Dent-Smith' } : p,
      ),
      classes: roster.classes.map((c) =>
        c.sourcedId === 'c1' ? { ...c, students: ['s1', 's2'], coTeachers: ['t2', 'a1'] } : c,
      ),
    };
    const { summary, plan } = diffRoster(next, current);
    expect(summary.people.add.count).toBe(0);
    expect(summary.people.change.items).toEqual([
      { sourcedId: 's2', name: 'Dent-Smith, Sue', detail: 'STUDENT', fields: ['lastName'] },
    ]);
    expect(summary.people.remove.items).toEqual([
      { sourcedId: 'gone', name: 'Gone, Gus', detail: 'STUDENT' },
    ]);
    expect(summary.periods.change.items).toEqual([
      { sourcedId: 'c1', name: 'Math 7', detail: 'Teach, Tina', fields: ['coTeachers'] },
    ]);
    expect(summary.enrollments.add.items).toEqual([
      { sourcedId: 's2', name: 'Dent-Smith, Sue', detail: 'Math 7' },
    ]);
    // The hand-made student leaves the imported class (the files define it), the leaver every class.
    expect(summary.enrollments.remove.items.map((e) => e.sourcedId).sort()).toEqual([
      'gone',
      'hand',
    ]);
    expect(summary.coTeachers.add.items.map((e) => e.sourcedId)).toEqual(['a1']);
    expect(plan.updatePeople.map((u) => u.id)).toEqual(['id-s2']);
    expect(plan.leave).toEqual([{ id: 'id-gone', externalId: 'gone' }]);
    // t1 keeps the admin role given in settings: no change for them.
    expect(plan.updatePeople.find((u) => u.id === 'id-t1')).toBeUndefined();
  });

  it('a class gone from the files: its students are unenrolled, the period kept', () => {
    const next: Roster = { ...roster, classes: roster.classes.filter((c) => c.sourcedId !== 'c2') };
    const { summary, plan } = diffRoster(next, imported());
    expect(summary.periods.remove.items.map((p) => p.sourcedId)).toEqual(['c2']);
    expect(plan.removeEnrollments).toEqual([
      { periodId: 'pid-c2', studentId: 'id-s1' },
      { periodId: 'pid-c2', studentId: 'id-s2' },
    ]);
  });

  it('an existing hand-made user with the same id is matched, not added; a leaver who returns is a change', () => {
    const current = imported();
    current.people[0]!.managed = false;
    current.people[2]!.left = true;
    const { summary, plan } = diffRoster(roster, current);
    expect(summary.people.add.count).toBe(0);
    expect(plan.manage.sort()).toEqual(['id-s1', 'id-t1']);
    expect(summary.people.change.items).toEqual([
      { sourcedId: 's1', name: 'Stu, Sam', detail: 'STUDENT', fields: ['returns'] },
    ]);
  });

  it('a person not managed by the import is never removed', () => {
    const current = imported();
    current.people.push({
      id: 'x',
      externalId: 'demo',
      firstName: 'D',
      lastName: 'Emo',
      email: null,
      roles: ['TEACHER'],
      gradeLevel: null,
      managed: false,
      left: false,
    });
    expect(diffRoster(roster, current).summary.people.remove.count).toBe(0);
  });
});
