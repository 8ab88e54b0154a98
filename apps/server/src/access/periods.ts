import { and, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Action } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { periods } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { forbidden, notFound } from '../lib/errors.js';
import { isUuid } from '../lib/ids.js';
import { requireScope } from './permission.js';

export type PeriodRow = typeof periods.$inferSelect;

export const teaches = (p: Pick<PeriodRow, 'teacherId' | 'coTeachers'>, u: AuthUser) =>
  p.teacherId === u.id || p.coTeachers.includes(u.externalId);

/** Whose periods: a user, or placeholders for one in a prepared statement. */
export type Teacher = { schoolId: string | SQLWrapper; id: string | SQLWrapper; externalId: string | SQLWrapper };

/** The condition on `periods` rows that the user teaches or co-teaches. */
const taughtBy = (u: Teacher) => and(eq(periods.schoolId, u.schoolId), or(eq(periods.teacherId, u.id), sql`${u.externalId} = any(${periods.coTeachers})`));

/** Periods the user teaches or co-teaches. */
export async function taughtPeriodIds(db: Queryable, u: AuthUser): Promise<string[]> {
  const rows = await db.select({ id: periods.id }).from(periods).where(taughtBy(u));
  return rows.map((r) => r.id);
}

/** The same periods as a subquery (`… in (select id …)`), for a caller that needs one statement. */
export const taughtPeriodsSql = (u: Teacher) => sql`select ${periods.id} from ${periods} where ${taughtBy(u)}`;

/** Whether a period of the user's school lies within the user's scope for the action. */
export function periodInScope(u: AuthUser, action: Action, p: Pick<PeriodRow, 'teacherId' | 'coTeachers'>): boolean {
  const scope = requireScope(u, action);
  if (scope === 'school') return true;
  if (scope === 'periods') return teaches(p, u);
  return p.teacherId === u.id;
}

/** A period of the user's school, whatever their scope; null for an unknown id or another school's. */
export async function periodOfSchool(db: Queryable, u: AuthUser, periodId: string): Promise<PeriodRow | null> {
  if (!isUuid(periodId)) return null;
  const [p] = await db.select().from(periods).where(and(eq(periods.schoolId, u.schoolId), eq(periods.id, periodId)));
  return p ?? null;
}

/**
 * A period of the user's school that the action may reach: unknown or another school's → 404,
 * outside the user's scope (another teacher's class) → 403.
 */
export async function periodFor(db: Queryable, u: AuthUser, action: Action, periodId: string): Promise<PeriodRow> {
  const p = await periodOfSchool(db, u, periodId);
  if (!p) throw notFound('Period not found');
  if (!periodInScope(u, action, p)) throw forbidden('This class belongs to another teacher.');
  return p;
}
