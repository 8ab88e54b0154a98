import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { activityPoints, can, givingRefusal, MSG, type BulkGiveBody, type GiveResult } from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { subjectOf, type AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { pgArray } from '../../lib/pg-array.js';
import { loadCalendar } from '../calendar/service.js';
import { hasDailyRun, lockSchoolDay, revokeDailyBehavior } from '../calendar/daily-run.js';
import { isAdminUser } from './access.js';
import { applyLedger } from './ledger.js';
import { resolveTargets } from './targets.js';
import { resolveTypes, type ActivityTypeRow } from './types.js';

export interface NewActivity {
  studentId: string;
  type: ActivityTypeRow;
  points: number;
}

/** Writes ledger rows and their wallet and rollup changes; the caller owns the transaction. */
export async function writeActivities(
  tx: Queryable,
  schoolId: string,
  rows: readonly NewActivity[],
  meta: { date: string; comment: string; periodId: string | null; groupId: string | null; givenBy: string | null },
): Promise<{ giveId: string; ids: string[] }> {
  const giveId = randomUUID();
  const ids = rows.map(() => randomUUID());
  // Sorted by student so concurrent gives take row locks in one order.
  const order = rows.map((_, i) => i).sort((a, b) => (rows[a]!.studentId < rows[b]!.studentId ? -1 : 1));
  const col = <T extends string | number | null>(f: (r: NewActivity, i: number) => T) => order.map((i) => f(rows[i]!, i));
  const insertActivities = sql`
    insert into activities (school_id, id, student_id, activity_type_id, activity_type, category, points, comment, date, internal_period_id, group_id, give_id, given_by)
    select ${schoolId}::uuid, t.id, t.s, t.tid, t.tn, t.c, t.p, ${meta.comment}, ${meta.date}::date, ${meta.periodId}::uuid, ${meta.groupId}::uuid, ${giveId}::uuid, ${meta.givenBy}::uuid
    from unnest(${pgArray(col((_, i) => ids[i]!), 'uuid')}, ${pgArray(col((r) => r.studentId), 'uuid')}, ${pgArray(col((r) => r.type.id), 'uuid')},
                ${pgArray(col((r) => r.type.name), 'text')}, ${pgArray(col((r) => r.type.category), 'text')}, ${pgArray(col((r) => r.points), 'int')})
         as t(id, s, tid, tn, c, p)`;
  await applyLedger(
    tx,
    schoolId,
    rows.map((r) => ({ studentId: r.studentId, date: meta.date, category: r.type.category, earned: r.points, spent: 0, count: 1 })),
    insertActivities,
  );
  return { giveId, ids };
}

/**
 * One give: every chosen activity to every resolved student, all in one transaction with the
 * wallets and the daily rollup. Rules of DESIGN.md section 3, with the spec's messages.
 */
export async function giveActivities(db: Db, user: AuthUser, body: BulkGiveBody): Promise<GiveResult> {
  if (!can.giveActivity(subjectOf(user))) throw forbidden();
  // The current year's rules apply to every give, whatever date it is for.
  const calendar = await loadCalendar(db, user.school);
  const date = body.date ?? calendar.today;
  const refusal = givingRefusal(calendar, date, calendar.today);
  if (refusal) throw badRequest(refusal);

  return db.transaction(async (tx) => {
    const { studentIds, periodId, groupId } = await resolveTargets(tx, user, body);
    const types = await resolveTypes(tx, user, body.activityTypes);
    if (!types.length) throw badRequest(MSG.activitiesMin);
    const admin = isAdminUser(user);
    const rows: NewActivity[] = [];
    for (const studentId of studentIds)
      for (const type of types) rows.push({ studentId, type, points: activityPoints(type, admin, user.school) });
    const flagged = types.some((t) => t.category === 'Flags');
    // Serialize with the daily run of that day, then take back Daily Behavior points it already gave.
    if (flagged) await lockSchoolDay(tx, user.schoolId, date);
    const { giveId } = await writeActivities(tx, user.schoolId, rows, {
      date,
      comment: body.comment ?? '',
      periodId,
      groupId,
      givenBy: user.id,
    });
    if (flagged && (await hasDailyRun(tx, user.schoolId, date))) await revokeDailyBehavior(tx, user.schoolId, date, studentIds, user.id);
    return {
      giveId,
      date,
      studentCount: studentIds.length,
      activityCount: rows.length,
      points: rows.reduce((n, r) => n + r.points, 0),
      activityTypes: types.map((t) => ({ _id: t.id, name: t.name, category: t.category, points: activityPoints(t, admin, user.school) })),
    };
  });
}
