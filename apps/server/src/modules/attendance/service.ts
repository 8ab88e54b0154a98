import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isWeekend, msg, type AbsenceChange } from '@app/domain';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { absences, activities, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { studentFor, studentsInScope } from '../../access/students.js';
import {
  dailyType,
  giveBackDailyPoints,
  hasDailyRun,
  lockSchoolDay,
  takeBackDailyPoints,
} from '../../ledger/daily-points.js';
import { loadCalendar } from '../calendar/service.js';

/** The date an absence may be recorded on (the school's today by default), or the reason it may not. */
async function absenceDate(
  db: Queryable,
  user: AuthUser,
  date: string | undefined,
): Promise<string> {
  const calendar = await loadCalendar(db, user.school);
  const on = date ?? calendar.today;
  if (on > calendar.yearEnd || calendar.today > calendar.yearEnd)
    throw badRequest(msg('msg.schoolYearEnded'));
  if (on < calendar.yearStart) throw badRequest(msg('msg.dateBeforeYear'));
  if (on > calendar.today) throw badRequest(msg('msg.dateInFuture'));
  if (isWeekend(on)) throw badRequest(msg('msg.notOnWeekends'));
  if (calendar.holidays.has(on)) throw badRequest(msg('msg.schoolOnHoliday'));
  return on;
}

/** Gives back the day's attendance points the daily job would have given, unless the student has them. */
async function giveBackAttendance(tx: Tx, user: AuthUser, studentId: string, date: string) {
  const type = await dailyType(tx, user.schoolId, 'Daily Attendance');
  if (!type) return;
  const [had] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.schoolId, user.schoolId),
        eq(activities.studentId, studentId),
        eq(activities.date, date),
        eq(activities.category, 'Daily Attendance'),
        isNull(activities.givenBy),
      ),
    )
    .limit(1);
  if (!had) await giveBackDailyPoints(tx, user.schoolId, type, date, [studentId], user.id);
}

/**
 * Marks a student absent (idempotent). When the day's daily points were already given, the
 * student's Daily Attendance points are taken back in the same transaction (the caller's).
 */
export async function markAbsent(
  tx: Tx,
  user: AuthUser,
  studentId: string,
  date: string | undefined,
): Promise<AbsenceChange> {
  const student = await studentFor(tx, user, 'attendance:mark', studentId);
  const on = await absenceDate(tx, user, date);
  await lockSchoolDay(tx, user.schoolId, on);
  const added = await tx
    .insert(absences)
    .values({ schoolId: user.schoolId, studentId: student.id, date: on, createdBy: user.id })
    .onConflictDoNothing()
    .returning({ date: absences.date });
  if (added.length && (await hasDailyRun(tx, user.schoolId, on)))
    await takeBackDailyPoints(tx, user.schoolId, 'Daily Attendance', on, [student.id], user.id);
  return { studentId: student.id, date: on, absent: true };
}

/** Removes an absence (idempotent); gives the attendance points back when the day's run already happened. */
export async function unmarkAbsent(
  tx: Tx,
  user: AuthUser,
  studentId: string,
  date: string | undefined,
): Promise<AbsenceChange> {
  const student = await studentFor(tx, user, 'attendance:mark', studentId);
  const on = await absenceDate(tx, user, date);
  await lockSchoolDay(tx, user.schoolId, on);
  const removed = await tx
    .delete(absences)
    .where(
      and(
        eq(absences.schoolId, user.schoolId),
        eq(absences.studentId, student.id),
        eq(absences.date, on),
      ),
    )
    .returning({ date: absences.date });
  if (removed.length && (await hasDailyRun(tx, user.schoolId, on)))
    await giveBackAttendance(tx, user, student.id, on);
  return { studentId: student.id, date: on, absent: false };
}

/** Absences on one day among the students the user may see. */
export async function listAbsences(db: Db, user: AuthUser, date: string | undefined) {
  const on = date ?? (await loadCalendar(db, user.school)).today;
  const inScope = await studentsInScope(db, user, 'attendance:read');
  const visible = inScope === 'school' ? null : [...inScope];
  if (visible && !visible.length) return [];
  const rows = await db
    .select({
      studentId: absences.studentId,
      date: absences.date,
      firstName: users.firstName,
      lastName: users.lastName,
      externalStudentId: users.externalId,
    })
    .from(absences)
    .innerJoin(users, and(eq(users.schoolId, absences.schoolId), eq(users.id, absences.studentId)))
    .where(
      and(
        eq(absences.schoolId, user.schoolId),
        eq(absences.date, on),
        visible ? inArray(absences.studentId, visible) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows;
}
