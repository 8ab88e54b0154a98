import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EntryCategory } from '@app/domain';
import type { Queryable } from '../db/client.js';
import type { activityTypes } from '../db/schema.js';
import { pgArray } from '../lib/pg-array.js';
import { applyLedger } from './apply.js';
import { pointsNotices } from './notices.js';

export type ActivityTypeRow = typeof activityTypes.$inferSelect;

export interface NewActivity {
  studentId: string;
  /** An activity type, or the year end's entry (no type row: docs/decisions/086-year-end-balances.md). */
  type: Pick<ActivityTypeRow, 'id' | 'name'> & { category: EntryCategory };
  points: number;
  /** This row's own comment, instead of the call's (the demo's flags, each with its teacher's words). */
  comment?: string;
  /** This row's own day, instead of the call's (the daily run over several days): each day is its own give. */
  date?: string;
}

/** Writes ledger rows and their wallet and rollup changes; the caller owns the transaction. */
export async function writeActivities(
  tx: Queryable,
  schoolId: string,
  rows: readonly NewActivity[],
  meta: {
    date: string;
    comment: string;
    periodId: string | null;
    groupId: string | null;
    givenBy: string | null;
    /** Tell each student who receives points (a person's give; not the daily job or the year's end). */
    notify?: boolean;
  },
): Promise<{ giveId: string; ids: string[] }> {
  const giveId = randomUUID();
  const dayOf = (r: NewActivity) => r.date ?? meta.date;
  const gives = new Map([[meta.date, giveId]]);
  for (const r of rows) if (!gives.has(dayOf(r))) gives.set(dayOf(r), randomUUID());
  const ids = rows.map(() => randomUUID());
  // Sorted by student so concurrent gives take row locks in one order.
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => (rows[a]!.studentId < rows[b]!.studentId ? -1 : 1));
  const col = <T extends string | number | null>(f: (r: NewActivity, i: number) => T) =>
    order.map((i) => f(rows[i]!, i));
  const insertActivities = sql`
    insert into activities (school_id, id, student_id, activity_type_id, activity_type, category, points, comment, date, internal_period_id, group_id, give_id, given_by)
    select ${schoolId}::uuid, t.id, t.s, t.tid, t.tn, t.c, t.p, coalesce(t.cm, ${meta.comment}), t.d, ${meta.periodId}::uuid, ${meta.groupId}::uuid, t.g, ${meta.givenBy}::uuid
    from unnest(${pgArray(
      col((_, i) => ids[i]!),
      'uuid',
    )}, ${pgArray(
      col((r) => r.studentId),
      'uuid',
    )}, ${pgArray(
      col((r) => r.type.id),
      'uuid',
    )},
                ${pgArray(
                  col((r) => r.type.name),
                  'text',
                )}, ${pgArray(
                  col((r) => r.type.category),
                  'text',
                )}, ${pgArray(
                  col((r) => r.points),
                  'int',
                )}, ${pgArray(
                  col((r) => r.comment ?? null),
                  'text',
                )}, ${pgArray(col(dayOf), 'date')}, ${pgArray(
                  col((r) => gives.get(dayOf(r))!),
                  'uuid',
                )})
         as t(id, s, tid, tn, c, p, cm, d, g)`;
  const notices = meta.notify
    ? pointsNotices(
        schoolId,
        rows.map((r) => ({ studentId: r.studentId, points: r.points, name: r.type.name })),
      )
    : null;
  await applyLedger(
    tx,
    schoolId,
    rows.map((r) => ({
      studentId: r.studentId,
      date: dayOf(r),
      category: r.type.category,
      earned: r.points,
      spent: 0,
      count: 1,
      givenBy: meta.givenBy,
      periodId: meta.periodId,
    })),
    [insertActivities, ...(notices ? [notices] : [])],
  );
  return { giveId, ids };
}
