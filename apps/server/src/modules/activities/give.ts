import {
  activityPoints,
  givingRefusal,
  msg,
  type BulkGiveBody,
  type GiveResult,
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
import { loadCalendar } from '../calendar/service.js';
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
  const date = body.date ?? calendar.today;
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
