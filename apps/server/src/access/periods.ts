import { msg } from '@app/domain';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Action } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { periods, users } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { forbidden, notFound } from '../lib/errors.js';
import { isUuid } from '../lib/ids.js';
import { requireScope } from './permission.js';

export type PeriodRow = typeof periods.$inferSelect;

/**
 * Who teaches a period, the one rule: its teacher (`teacher_id`, the user's id) or a co-teacher
 * (`co_teachers`, users' external ids). Its owner is its teacher alone. Every check of a period's
 * teachers, in JavaScript or in SQL, goes through this file.
 */
export const teaches = (
  p: Pick<PeriodRow, 'teacherId' | 'coTeachers'>,
  u: Pick<AuthUser, 'id' | 'externalId'>,
) => p.teacherId === u.id || p.coTeachers.includes(u.externalId);

/** The period's own teacher (who names its co-teachers), not a co-teacher. */
export const owns = (p: Pick<PeriodRow, 'teacherId'>, u: Pick<AuthUser, 'id'>) =>
  p.teacherId === u.id;

/** Whose periods: a user, or placeholders or columns for one in a statement. */
type Who = string | SQLWrapper;
export type Teacher = { schoolId: Who; id: Who; externalId: Who };
/** A period's columns: the `periods` table's, or an alias's (`sql\`p.teacher_id\``). */
type PeriodColumns = { teacherId: SQLWrapper; coTeachers: SQLWrapper };

/** `teaches` in SQL, for any period columns and any teacher (values, placeholders or columns). */
export const teachesSql = (p: PeriodColumns, t: Pick<Teacher, 'id' | 'externalId'>): SQL =>
  sql`(${p.teacherId} = ${t.id} or ${t.externalId} = any(${p.coTeachers}))`;

/** The `periods` columns of the alias `p` in raw SQL. */
export const periodAlias = (alias: string): PeriodColumns => ({
  teacherId: sql.raw(`${alias}.teacher_id`),
  coTeachers: sql.raw(`${alias}.co_teachers`),
});

/** The condition on `periods` rows of the user's school that the user teaches or co-teaches. */
const taughtBy = (u: Teacher) => and(eq(periods.schoolId, u.schoolId), teachesSql(periods, u));

/** Periods the user teaches or co-teaches. */
export async function taughtPeriodIds(db: Queryable, u: AuthUser): Promise<string[]> {
  const rows = await db.select({ id: periods.id }).from(periods).where(taughtBy(u));
  return rows.map((r) => r.id);
}

/** The same periods as a subquery (`… in (select id …)`), for a caller that needs one statement. */
export const taughtPeriodsSql = (u: Teacher) =>
  sql`select ${periods.id} from ${periods} where ${taughtBy(u)}`;

/**
 * Who may teach or co-teach a period: a user holding the TEACHER role (a period's co-teachers are
 * chosen among them). A condition on `users` rows.
 */
export const mayTeachSql = sql`'TEACHER' = any(${users.roles})`;

/** Whether a period of the user's school lies within the user's scope for the action. */
export function periodInScope(
  u: AuthUser,
  action: Action,
  p: Pick<PeriodRow, 'teacherId' | 'coTeachers'>,
): boolean {
  const scope = requireScope(u, action);
  if (scope === 'school') return true;
  if (scope === 'periods') return teaches(p, u);
  return owns(p, u);
}

/** A period of the user's school, whatever their scope; null for an unknown id or another school's. */
async function periodOfSchool(
  db: Queryable,
  u: AuthUser,
  periodId: string,
): Promise<PeriodRow | null> {
  if (!isUuid(periodId)) return null;
  const [p] = await db
    .select()
    .from(periods)
    .where(and(eq(periods.schoolId, u.schoolId), eq(periods.id, periodId)));
  return p ?? null;
}

/**
 * A period of the user's school that the action may reach: unknown or another school's → 404,
 * outside the user's scope (another teacher's class) → 403.
 */
export async function periodFor(
  db: Queryable,
  u: AuthUser,
  action: Action,
  periodId: string,
): Promise<PeriodRow> {
  const p = await periodOfSchool(db, u, periodId);
  if (!p) throw notFound(msg('msg.periodNotFound'));
  if (!periodInScope(u, action, p)) throw forbidden(msg('msg.otherTeachersClass'));
  return p;
}
