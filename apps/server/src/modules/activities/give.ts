import {
  activityPoints,
  calendarDay,
  clockNow,
  givingRefusal,
  lateGiveRefusal,
  msg,
  todayIn,
  type BulkGiveBody,
  type GiveResult,
  type IsoDate,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { pgArray } from '../../lib/pg-array.js';
import { mayDo } from '../../access/permission.js';
import { hasDailyRun, lockSchoolDay, takeBackDailyPoints } from '../../ledger/daily-points.js';
import type { ActivityRow } from '../../ledger/remove.js';
import { writeActivities, type NewActivity } from '../../ledger/write.js';
import { loadCalendar, type LoadedCalendar } from '../calendar/service.js';
import { resolveTargets } from './targets.js';
import { resolveTypes } from './types.js';

/**
 * One give: every chosen activity to every resolved student, all in one transaction with the
 * wallets and the daily rollup. Rules of docs/spec.md section 10.5, with the spec's messages. The
 * caller owns the transaction (the route's, which also holds the give's Idempotency-Key).
 */
export async function giveActivities(
  tx: Tx,
  user: AuthUser,
  body: BulkGiveBody,
): Promise<GiveResult> {
  // The current year's rules apply to every give, whatever date it is for.
  const calendar = await loadCalendar(tx, user.school);
  const date = giveDate(calendar, user.school.timeZone, body);
  const refusal = givingRefusal(calendar, date, calendar.today);
  if (refusal) throw badRequest(refusal);

  const { studentIds, periodId, groupId } = await resolveTargets(tx, user, body);
  const types = await resolveTypes(tx, user, body.activityTypes);
  if (!types.length) throw badRequest(msg('msg.activitiesMin'));
  const admin = mayDo(user, 'activity:adminFlagPoints');
  const rows: NewActivity[] = [];
  for (const studentId of studentIds)
    for (const type of types)
      rows.push({ studentId, type, points: activityPoints(type, admin, user.school) });
  const flagged = types.some((t) => t.category === 'Flags');
  // Serialize with the daily run of that day, then take back Daily Behavior points it already gave.
  if (flagged) await lockSchoolDay(tx, user.schoolId, date);
  const { giveId } = await writeActivities(tx, user.schoolId, rows, {
    date,
    comment: body.comment ?? '',
    periodId,
    groupId,
    givenBy: user.id,
    notify: true,
  });
  const takenBack =
    flagged && (await hasDailyRun(tx, user.schoolId, date))
      ? await takeBackDailyPoints(tx, user.schoolId, 'Daily Behavior', date, studentIds, user.id)
      : [];
  if (takenBack.length)
    await noteBehaviorTakenBack(
      tx,
      user.schoolId,
      giveId,
      types.find((t) => t.category === 'Flags')!.id,
      takenBack,
    );
  return {
    giveId,
    date,
    studentCount: studentIds.length,
    activityCount: rows.length,
    points: rows.reduce((n, r) => n + r.points, 0),
    activityTypes: types.map((t) => ({
      _id: t.id,
      name: t.name,
      category: t.category,
      points: activityPoints(t, admin, user.school),
    })),
    dailyBehaviorTakenBack: {
      students: new Set(takenBack.map((a) => a.studentId)).size,
      points: takenBack.reduce((n, a) => n - a.points, 0),
    },
  };
}

/** A device's clock may run a little ahead of the server's: no more than this. */
const MADE_AT_SKEW_MS = 5 * 60_000;

/**
 * The day a give is for: the day it was made (`madeAt`, a give made offline and sent later, in the
 * school's time zone), else the `date` sent, else today. A give made offline is refused when it
 * was made in the future or more than OFFLINE_GIVE_SCHOOL_DAYS school days ago (issue 35).
 */
function giveDate(
  calendar: LoadedCalendar,
  timeZone: string,
  body: Pick<BulkGiveBody, 'date' | 'madeAt'>,
): IsoDate {
  if (!body.madeAt) return body.date ?? calendar.today;
  const madeAt = new Date(body.madeAt);
  const now = clockNow();
  if (madeAt.getTime() - now.getTime() > MADE_AT_SKEW_MS) throw badRequest(msg('msg.dateInFuture'));
  // A clock a little ahead near midnight must not make the give tomorrow's.
  const day = todayIn(timeZone, madeAt > now ? now : madeAt);
  if (body.date !== undefined && body.date !== day)
    throw badRequest(msg('msg.madeAtOtherDay', { date: calendarDay(day) }));
  const late = lateGiveRefusal(calendar, day, calendar.today);
  if (late) throw badRequest(late);
  return day;
}

/** Records on each student's flag of this give the Daily Behavior points it took back, for the activity list. */
async function noteBehaviorTakenBack(
  tx: Queryable,
  schoolId: string,
  giveId: string,
  flagTypeId: string,
  takenBack: readonly ActivityRow[],
) {
  const byStudent = new Map<string, number>();
  for (const a of takenBack)
    byStudent.set(a.studentId, (byStudent.get(a.studentId) ?? 0) - a.points);
  const ids = [...byStudent.keys()];
  await tx.execute(sql`
    update activities set behavior_taken_back = t.p
    from unnest(${pgArray(ids, 'uuid')}, ${pgArray(
      ids.map((s) => byStudent.get(s)!),
      'int',
    )}) as t(s, p)
    where activities.school_id = ${schoolId} and activities.give_id = ${giveId} and activities.student_id = t.s and activities.activity_type_id = ${flagTypeId}`);
}
