import { and, eq } from 'drizzle-orm';
import { activityPoints, addDays, isSchoolDay } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { absences, activityTypes, periodStudents, periods, users } from '../db/schema.js';
import { giveDayPoints } from '../jobs/daily-points.js';
import { writeActivities, type NewActivity } from '../ledger/write.js';
import { loadCalendar } from '../modules/calendar/service.js';

/** A small deterministic generator, so every fresh demo looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** How many school days back the demo's history goes (about a month). */
const HISTORY_DAYS = 21;

/**
 * As in a real school, a few students of each class get no bonus from anyone in the last two
 * weeks (the recognition days' default, 10): their teachers' class pages mark them (issue 34).
 * Two or three of each class; none of student1 … student15, whom other demos and tests use.
 */
const QUIET_STUDENTS = new Set(
  [23, 33, 43, 53, 63, 73, 83, 93, 103, 113].map((i) => `S${1000 + i}`),
);
const QUIET_DAYS = 10;

/** What a teacher writes with a flag, by the flag's name (a flag always says why). */
const FLAG_COMMENTS: Record<string, readonly string[]> = {
  'Disruptive behavior': [
    'Talking over others during the class discussion.',
    'Kept distracting the table group during independent work.',
    'Out of seat several times after a reminder.',
  ],
  'Late to class': [
    'Came in ten minutes after the bell.',
    'Late back from lunch, no pass.',
    'Arrived after the warm-up had started.',
  ],
  Unprepared: [
    'No notebook or pencil again.',
    'Homework left at home.',
    'Did not bring the signed lab sheet.',
  ],
  'Phone out': ['Phone out during the quiz.', 'Texting during the lesson; put it away when asked.'],
};

/** What a teacher sometimes writes with a bonus. */
const BONUS_COMMENTS: Record<string, readonly string[]> = {
  'Helping others': [
    'Helped a classmate catch up on the notes.',
    'Explained the warm-up to a new student.',
  ],
  'Great participation': [
    'Great questions in the discussion today.',
    'Volunteered to present first.',
  ],
  'Homework complete': ['Every problem done and checked.'],
  Leadership: ['Led the group project without being asked.', 'Organised the clean-up.'],
  Kindness: [
    'Made room at the table for a new student.',
    'Picked up the spilled supplies for a friend.',
  ],
};

/**
 * About a month of school: on each of the last HISTORY_DAYS school days (from the day giving
 * starts), bonuses and flags from each demo teacher to students of their classes (flags with the
 * teacher's words, some bonuses too), a few absences, and the day's Daily Attendance and Daily
 * Behavior points given by the daily run's own code (docs/decisions/013-daily-points-and-flags.md).
 * Everything goes through the ledger's writes, so wallets and rollups equal the ledger. Returns
 * the school days seeded, newest first.
 */
export async function seedDemoActivity(
  tx: Queryable,
  school: { id: string; timeZone: string; adminFlagPoints: number; nonAdminFlagPoints: number },
): Promise<string[]> {
  const cal = await loadCalendar(tx, school);
  const types = await tx.select().from(activityTypes).where(eq(activityTypes.schoolId, school.id));
  const bonuses = types.filter((t) => t.category === 'Bonuses');
  const flags = types.filter((t) => t.category === 'Flags');
  // Classes and class lists in a fixed order (not the tables' order), so the generator's draws land on the same students every time.
  const classes = await tx
    .select()
    .from(periods)
    .where(eq(periods.schoolId, school.id))
    .orderBy(periods.externalTeacherId, periods.periodNumber);
  const rosters = new Map<string, string[]>();
  const quiet = new Set<string>();
  for (const p of classes) {
    const rows = await tx
      .select({ id: periodStudents.studentId, externalId: users.externalId })
      .from(periodStudents)
      .innerJoin(
        users,
        and(eq(users.schoolId, periodStudents.schoolId), eq(users.id, periodStudents.studentId)),
      )
      .where(and(eq(periodStudents.schoolId, school.id), eq(periodStudents.periodId, p.id)))
      .orderBy(users.externalId);
    rosters.set(
      p.id,
      rows.map((r) => r.id),
    );
    for (const r of rows) if (QUIET_STUDENTS.has(r.externalId)) quiet.add(r.id);
  }
  const rand = rng(42);
  // Words and absences draw from their own generator, so the gives stay those of earlier demos.
  const words = rng(7);
  const pick = <T>(list: readonly T[], r = rand) => list[Math.floor(r() * list.length)]!;
  const days: string[] = [];
  const given = new Map<string, NewActivity[]>(classes.map((p) => [p.id, []]));
  const absent: (typeof absences.$inferInsert)[] = [];
  const students = [...new Set([...rosters.values()].flat())].sort();
  for (let day = addDays(cal.today, -1); days.length < HISTORY_DAYS; day = addDays(day, -1)) {
    if (day < cal.givingStart) break;
    if (!isSchoolDay(cal, day)) continue;
    days.push(day);
    for (const p of classes)
      for (const studentId of rosters.get(p.id) ?? []) {
        const r = rand();
        const type = r < 0.35 ? pick(bonuses) : r < 0.42 ? pick(flags) : null;
        if (!type) continue;
        const said =
          type.category === 'Flags' ? FLAG_COMMENTS[type.name] : BONUS_COMMENTS[type.name];
        const comment =
          said && (type.category === 'Flags' || words() < 0.4) ? pick(said, words) : undefined;
        // Dropped after every draw, so the other students' gives stay those of earlier demos.
        if (type.category === 'Bonuses' && days.length <= QUIET_DAYS && quiet.has(studentId))
          continue;
        given.get(p.id)!.push({
          studentId,
          type,
          points: activityPoints(type, false, school),
          comment,
          date: day,
        });
      }
    for (const studentId of students)
      if (words() < 0.03) absent.push({ schoolId: school.id, studentId, date: day });
  }
  // Each class's month in one write (a give per day, as its teacher gave them).
  for (const p of classes) {
    const rows = given.get(p.id)!;
    if (rows.length)
      await writeActivities(tx, school.id, rows, {
        date: rows[0]!.date!,
        comment: '',
        periodId: p.id,
        groupId: null,
        givenBy: p.teacherId,
      });
  }
  if (absent.length) await tx.insert(absences).values(absent);
  // Then each day's run, after its flags and absences, as the hourly job would have given it.
  await giveDayPoints(tx, school.id, [...days].reverse());
  return days;
}
