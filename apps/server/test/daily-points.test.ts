import { and, eq } from 'drizzle-orm';
import {
  addDays,
  hourIn,
  isWeekend,
  lastSchoolDay,
  todayIn,
  type ActivityCategory,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import { absences, activities, dailyRuns, holidays, wallets } from '../src/db/schema.js';
import { runDailyPoints, runDailyPointsForAllSchools } from '../src/jobs/daily-points.js';
import { writeActivities } from '../src/ledger/write.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { makeSchool, makeUser, type SchoolRow } from './helpers/factories.js';
import { useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const db = () => ctx.database.db;

async function schoolWithStudents(n = 3) {
  const school = await makeSchool(db());
  const students = [];
  for (let i = 0; i < n; i++) students.push(await makeUser(db(), school, ['STUDENT']));
  await makeUser(db(), school, ['TEACHER']); // not a student: gets nothing
  return { school, students, day: await schoolDay(db(), school) };
}

async function pointsOf(school: SchoolRow, category: ActivityCategory, date: string) {
  const rows = await db()
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.schoolId, school.id),
        eq(activities.category, category),
        eq(activities.date, date),
      ),
    );
  return rows;
}

/** A moment when the school's clock shows `date` at `hour`. */
function momentAt(timeZone: string, date: string, hour: number): Date {
  const base = new Date(`${date}T00:00:00Z`).getTime();
  for (let h = -24; h < 48; h++) {
    const t = new Date(base + h * 3_600_000 + 5 * 60_000);
    if (todayIn(timeZone, t) === date && hourIn(timeZone, t) === hour) return t;
  }
  throw new Error('no such moment');
}

describe('runDailyPoints', () => {
  it('gives attendance to students not absent and behavior to students not flagged; the books balance', async () => {
    const { school, students, day } = await schoolWithStudents(3);
    const [absent, flagged, good] = students;
    await db().insert(absences).values({ schoolId: school.id, studentId: absent!.id, date: day });
    const flag = await typeByName(db(), school, 'Late to class');
    await db().transaction((tx) =>
      writeActivities(tx, school.id, [{ studentId: flagged!.id, type: flag, points: -3 }], {
        date: day,
        comment: '',
        periodId: null,
        groupId: null,
        givenBy: null,
      }),
    );

    const res = await runDailyPoints(db(), school.id, day);
    expect(res).toEqual({ given: true, date: day, studentsAttendance: 2, studentsBehavior: 2 });

    const attendance = await pointsOf(school, 'Daily Attendance', day);
    expect(attendance.map((a) => a.studentId).sort()).toEqual([flagged!.id, good!.id].sort());
    expect(attendance.every((a) => a.givenBy === null && a.comment === '' && a.points === 2)).toBe(
      true,
    );
    const behavior = await pointsOf(school, 'Daily Behavior', day);
    expect(behavior.map((a) => a.studentId).sort()).toEqual([absent!.id, good!.id].sort());

    const [run] = await db()
      .select()
      .from(dailyRuns)
      .where(and(eq(dailyRuns.schoolId, school.id), eq(dailyRuns.date, day)));
    expect(run).toMatchObject({ studentsAttendance: 2, studentsBehavior: 2 });
    const [w] = await db()
      .select()
      .from(wallets)
      .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, good!.id)));
    expect(w).toMatchObject({ balance: 4, totalEarned: 4 });
    expect(await ledgerDrift(db(), school.id)).toEqual([]);
  });

  it('is idempotent: twice in a row and twice at once give once', async () => {
    const { school, students, day } = await schoolWithStudents(4);
    const prev = lastSchoolDay(await loadCalendar(db(), school, day), addDays(day, -1))!;
    expect((await runDailyPoints(db(), school.id, day)).given).toBe(true);
    expect(await runDailyPoints(db(), school.id, day)).toEqual({
      given: false,
      date: day,
      reason: 'already given',
    });

    const both = await Promise.all([
      runDailyPoints(db(), school.id, prev),
      runDailyPoints(db(), school.id, prev),
    ]);
    expect(both.filter((r) => r.given)).toHaveLength(1);

    for (const date of [day, prev]) {
      expect(await pointsOf(school, 'Daily Attendance', date)).toHaveLength(students.length);
      expect(await pointsOf(school, 'Daily Behavior', date)).toHaveLength(students.length);
    }
    const [w] = await db()
      .select()
      .from(wallets)
      .where(and(eq(wallets.schoolId, school.id), eq(wallets.studentId, students[0]!.id)));
    expect(w!.balance).toBe(8);
    expect(await ledgerDrift(db(), school.id)).toEqual([]);
  });

  it('gives nothing on a weekend or a holiday', async () => {
    const { school, day } = await schoolWithStudents(2);
    let weekend = day;
    while (!isWeekend(weekend)) weekend = addDays(weekend, -1);
    const holiday = lastSchoolDay(await loadCalendar(db(), school, day), addDays(day, -1))!;
    await db()
      .insert(holidays)
      .values({ schoolId: school.id, date: holiday, name: 'Founders day' });

    expect(await runDailyPoints(db(), school.id, weekend)).toEqual({
      given: false,
      date: weekend,
      reason: 'not a school day',
    });
    expect(await runDailyPoints(db(), school.id, holiday)).toEqual({
      given: false,
      date: holiday,
      reason: 'not a school day',
    });
    expect(await db().select().from(dailyRuns).where(eq(dailyRuns.schoolId, school.id))).toEqual(
      [],
    );
    expect(await db().select().from(activities).where(eq(activities.schoolId, school.id))).toEqual(
      [],
    );
  });
});

describe('runDailyPointsForAllSchools (the hourly job)', () => {
  it('gives today only once the school day has ended, and catches up the previous school day', async () => {
    const { school, students, day } = await schoolWithStudents(2);
    const prev = lastSchoolDay(await loadCalendar(db(), school, day), addDays(day, -1))!;
    const runsOf = async () =>
      (await db().select().from(dailyRuns).where(eq(dailyRuns.schoolId, school.id)))
        .map((r) => r.date)
        .sort();

    await runDailyPointsForAllSchools(db(), momentAt(school.timeZone, day, 10));
    expect(await runsOf()).toEqual([prev]);

    await runDailyPointsForAllSchools(db(), momentAt(school.timeZone, day, 16));
    await runDailyPointsForAllSchools(db(), momentAt(school.timeZone, day, 17));
    expect(await runsOf()).toEqual([prev, day].sort());
    expect(await pointsOf(school, 'Daily Attendance', day)).toHaveLength(students.length);
    expect(await ledgerDrift(db(), school.id)).toEqual([]);
  });
});
