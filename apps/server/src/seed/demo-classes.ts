import type { Tx } from '../db/client.js';
import { periods, periodStudents } from '../db/schema.js';

/**
 * The demo's class lists as [student number, index in the plan of seedDemoClasses]: each student
 * sits in two classes of two different teachers (classes i mod 9 and (i + 4) mod 9), so each of
 * the nine classes has 26 or 27 students, no two classes the same ones, and each of teacher1 to
 * teacher3 has students in none of their classes (teacher1's include the co-taught Science 7).
 */
function demoSeats(): [student: number, classIndex: number][] {
  const seats: [number, number][] = [];
  for (let i = 1; i <= 120; i++) for (const k of [i % 9, (i + 4) % 9]) seats.push([i, k]);
  return seats;
}

/** DEMO's nine classes with their students, and OTHER's one class. */
export async function seedDemoClasses(
  tx: Tx,
  { d, o }: { d: string; o: string },
  byExternal: Map<string, { id: string }>,
) {
  // teacher1 co-teaches teacher2's 4th period; teacher4 has no periods.
  const plan = [
    { t: 'T-1', n: 1, name: 'Math 6', sections: ['101'], co: [] as string[] },
    { t: 'T-1', n: 2, name: 'Math 7', sections: ['102'], co: [] },
    { t: 'T-1', n: 3, name: 'Math 8', sections: ['103'], co: [] },
    { t: 'T-2', n: 0, name: 'Homeroom', sections: ['200'], co: [] },
    { t: 'T-2', n: 4, name: 'Science 7', sections: ['204', '205'], co: ['T-1'] },
    { t: 'T-2', n: 5, name: 'Science 8', sections: ['206'], co: [] },
    { t: 'T-3', n: 1, name: 'English 6', sections: ['301'], co: [] },
    { t: 'T-3', n: 6, name: 'English 8', sections: ['306'], co: [] },
    { t: 'T-3', n: 99, name: 'Study Hall', sections: ['399'], co: [] },
  ];
  const made = await tx
    .insert(periods)
    .values(
      plan.map((p) => ({
        schoolId: d,
        name: p.name,
        teacherId: byExternal.get(p.t)!.id,
        externalTeacherId: p.t,
        coTeachers: p.co,
        periodNumber: p.n,
        sectionNumbers: p.sections,
      })),
    )
    .returning({ id: periods.id });
  const roster: (typeof periodStudents.$inferInsert)[] = [];
  for (const [i, k] of demoSeats())
    roster.push({
      schoolId: d,
      periodId: made[k]!.id,
      studentId: byExternal.get(`S${1000 + i}`)!.id,
    });
  await tx.insert(periodStudents).values(roster);
  const otherTeacher = byExternal.get('OT-1')!.id;
  const [op] = await tx
    .insert(periods)
    .values({
      schoolId: o,
      name: 'Grade 3',
      teacherId: otherTeacher,
      externalTeacherId: 'OT-1',
      periodNumber: 0,
      sectionNumbers: ['1'],
    })
    .returning({ id: periods.id });
  await tx
    .insert(periodStudents)
    .values({ schoolId: o, periodId: op!.id, studentId: byExternal.get('OS-1')!.id });
}
