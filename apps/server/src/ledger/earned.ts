import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { dailyRollup } from '../db/schema.js';

/** What a student earned from `from` to `to` (both counted), read from the daily rollup. */
export async function earnedBetween(
  db: Queryable,
  schoolId: string,
  studentId: string,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await db
    .select({ earned: sql<number>`coalesce(sum(${dailyRollup.earned}), 0)`.mapWith(Number) })
    .from(dailyRollup)
    .where(
      and(
        eq(dailyRollup.schoolId, schoolId),
        eq(dailyRollup.studentId, studentId),
        gte(dailyRollup.date, from),
        lte(dailyRollup.date, to),
      ),
    );
  return row?.earned ?? 0;
}
