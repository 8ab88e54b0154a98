import { and, eq } from 'drizzle-orm';
import { activityPoints, addDays, isSchoolDay } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { activityTypes, periodStudents, periods, users } from '../db/schema.js';
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

/** About three weeks of bonuses and flags from each demo teacher to students of their classes. */
export async function seedDemoActivity(
  tx: Queryable,
  school: { id: string; timeZone: string; adminFlagPoints: number; nonAdminFlagPoints: number },
) {
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
  for (const p of classes) {
    const rows = await tx
      .select({ id: periodStudents.studentId })
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
  }
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  let day = addDays(cal.today, -1);
  for (let n = 0; n < 21; day = addDays(day, -1)) {
    if (day < cal.givingStart) break;
    if (!isSchoolDay(cal, day)) continue;
    n++;
    for (const p of classes) {
      const roster = rosters.get(p.id) ?? [];
      const rows: NewActivity[] = [];
      for (const studentId of roster) {
        const r = rand();
        const type = r < 0.35 ? pick(bonuses) : r < 0.42 ? pick(flags) : null;
        if (type) rows.push({ studentId, type, points: activityPoints(type, false, school) });
      }
      if (rows.length)
        await writeActivities(tx, school.id, rows, {
          date: day,
          comment: '',
          periodId: p.id,
          groupId: null,
          givenBy: p.teacherId,
        });
    }
  }
}
