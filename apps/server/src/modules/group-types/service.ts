import { msg } from '@app/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Action } from '@app/domain';
import type {
  ActivitiesRemoved,
  GroupInput,
  GroupType,
  GroupTypeBody,
  GroupTypeDeleted,
  GroupTypeUpdateBody,
} from '@app/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import { activities, groupTypes, groups, periodStudents, periods } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireScope } from '../../access/permission.js';
import { periodFor, periodInScope } from '../../access/periods.js';
import { restoreDailyBehavior } from '../../ledger/daily-points.js';
import { removeActivities } from '../../ledger/remove.js';
import { loadCalendar } from '../calendar/service.js';

type GroupTypeRow = typeof groupTypes.$inferSelect;
type GroupRow = typeof groups.$inferSelect;

const present = (t: GroupTypeRow, gs: GroupRow[]): GroupType => ({
  _id: t.id,
  name: t.name,
  internalPeriodId: t.periodId,
  groups: gs
    .filter((g) => g.groupTypeId === t.id)
    .map((g) => ({ _id: g.id, name: g.name, studentIds: g.studentIds })),
});

async function groupsOf(db: Queryable, schoolId: string, typeIds: string[]) {
  if (!typeIds.length) return [];
  return db
    .select()
    .from(groups)
    .where(and(eq(groups.schoolId, schoolId), inArray(groups.groupTypeId, typeIds)))
    .orderBy(asc(groups.name), asc(groups.id));
}

/** A group type of the user's school whose period lies in the user's scope for `action`; locked when `lock`. */
async function groupTypeFor(
  db: Queryable,
  user: AuthUser,
  action: Action,
  id: string,
  lock = false,
) {
  if (!isUuid(id)) throw notFound(msg('msg.groupTypeNotFound'));
  const q = db
    .select()
    .from(groupTypes)
    .where(and(eq(groupTypes.schoolId, user.schoolId), eq(groupTypes.id, id)));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound(msg('msg.groupTypeNotFound'));
  await periodFor(db, user, action, t.periodId);
  return t;
}

/** Every student of every group must be on the period's roster; names unique within the type. */
async function checkGroups(db: Queryable, schoolId: string, periodId: string, input: GroupInput[]) {
  const names = new Set<string>();
  for (const g of input) {
    const key = g.name.toLowerCase();
    if (names.has(key)) throw badRequest(msg('msg.groupNameTwice', { name: g.name }));
    names.add(key);
  }
  const wanted = [...new Set(input.flatMap((g) => g.studentIds))];
  const bad = wanted.filter((s) => !isUuid(s));
  const ids = wanted.filter(isUuid);
  if (ids.length) {
    const rows = await db
      .select({ id: periodStudents.studentId })
      .from(periodStudents)
      .where(
        and(
          eq(periodStudents.schoolId, schoolId),
          eq(periodStudents.periodId, periodId),
          inArray(periodStudents.studentId, ids),
        ),
      );
    const on = new Set(rows.map((r) => r.id));
    bad.push(...ids.filter((s) => !on.has(s)));
  }
  if (bad.length)
    throw badRequest(msg('msg.groupNotInPeriod', { ids: bad.slice(0, 5).join(', ') }));
}

/**
 * GET group-types: a class's group types with their groups, in one statement with the class (for
 * its scope check; docs/decisions/117-gives-and-reads-at-scale.md): types by creation then name,
 * groups by name then id.
 */
export async function listGroupTypes(
  db: Queryable,
  user: AuthUser,
  periodId: string,
): Promise<GroupType[]> {
  if (!isUuid(periodId)) throw notFound(msg('msg.periodNotFound'));
  const [row] = rowsOf<{
    id: string;
    teacher_id: string;
    co_teachers: string[];
    types: TypeRow[] | string | null;
  }>(
    await executeNamed(
      db,
      sql`
      select p.id, p.teacher_id, p.co_teachers, (
        select json_agg(json_build_array(t.id, t.name, (
          select json_agg(json_build_array(g.id, g.name, g.student_ids) order by g.name, g.id)
          from ${groups} g where g.school_id = t.school_id and g.group_type_id = t.id
        )) order by t.created_at, t.name)
        from ${groupTypes} t where t.school_id = p.school_id and t.internal_period_id = p.id
      ) as types
      from ${periods} p
      where p.school_id = ${user.schoolId} and p.id = ${periodId}`,
    ),
  );
  if (!row) throw notFound(msg('msg.periodNotFound'));
  if (
    !periodInScope(user, 'groupTypes:read', {
      teacherId: row.teacher_id,
      coTeachers: row.co_teachers,
    })
  )
    throw forbidden(msg('msg.otherTeachersClass'));
  const types =
    (typeof row.types === 'string' ? (JSON.parse(row.types) as TypeRow[]) : row.types) ?? [];
  return types.map(([id, name, gs]) => ({
    _id: id,
    name,
    internalPeriodId: row.id,
    groups: (gs ?? []).map(([gid, gname, studentIds]) => ({ _id: gid, name: gname, studentIds })),
  }));
}

/** A group type as the list's statement writes it: [id, name, its groups as [id, name, studentIds]]. */
type TypeRow = [string, string, [string, string, string[]][] | null];

export async function getGroupType(db: Queryable, user: AuthUser, id: string): Promise<GroupType> {
  const t = await groupTypeFor(db, user, 'groupTypes:read', id);
  return present(t, await groupsOf(db, user.schoolId, [t.id]));
}

export async function createGroupType(
  db: Db,
  user: AuthUser,
  body: GroupTypeBody,
): Promise<GroupType> {
  const period = await periodFor(db, user, 'groupTypes:manage', body.internalPeriodId);
  if (body.groups.some((g) => g._id !== undefined)) throw badRequest(msg('msg.newGroupTypeIds'));
  await checkGroups(db, user.schoolId, period.id, body.groups);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(groupTypes)
      .values({
        schoolId: user.schoolId,
        name: body.name,
        periodId: period.id,
        createdBy: user.id,
      })
      .returning();
    if (body.groups.length)
      await tx.insert(groups).values(
        body.groups.map((g) => ({
          schoolId: user.schoolId,
          groupTypeId: t!.id,
          name: g.name,
          studentIds: [...new Set(g.studentIds)],
        })),
      );
    return present(t!, await groupsOf(tx, user.schoolId, [t!.id]));
  });
}

/** Renames the type and replaces its groups: groups sent with an _id keep it, the others are new, the rest go. */
export async function updateGroupType(
  db: Db,
  user: AuthUser,
  id: string,
  body: GroupTypeUpdateBody,
): Promise<GroupType> {
  return db.transaction(async (tx) => {
    const t = await groupTypeFor(tx, user, 'groupTypes:manage', id, true);
    const existing = await groupsOf(tx, user.schoolId, [t.id]);
    const kept = body.groups.filter((g) => g._id !== undefined).map((g) => g._id!);
    if (new Set(kept).size !== kept.length) throw badRequest(msg('msg.groupIdTwice'));
    if (kept.some((k) => !existing.some((e) => e.id === k)))
      throw notFound(msg('msg.groupNotFound'));
    await checkGroups(tx, user.schoolId, t.periodId, body.groups);

    await tx
      .update(groupTypes)
      .set({ name: body.name })
      .where(and(eq(groupTypes.schoolId, user.schoolId), eq(groupTypes.id, t.id)));
    const gone = and(
      eq(groups.schoolId, user.schoolId),
      eq(groups.groupTypeId, t.id),
      kept.length ? notInArray(groups.id, kept) : undefined,
    );
    await tx.delete(groups).where(gone);
    for (const g of body.groups) {
      const studentIds = [...new Set(g.studentIds)];
      if (g._id)
        await tx
          .update(groups)
          .set({ name: g.name, studentIds })
          .where(and(eq(groups.schoolId, user.schoolId), eq(groups.id, g._id)));
      else
        await tx
          .insert(groups)
          .values({ schoolId: user.schoolId, groupTypeId: t.id, name: g.name, studentIds });
    }
    const [after] = await tx
      .select()
      .from(groupTypes)
      .where(and(eq(groupTypes.schoolId, user.schoolId), eq(groupTypes.id, t.id)));
    return present(after!, await groupsOf(tx, user.schoolId, [t.id]));
  });
}

/** Deletes the type and its groups; activities given through them stay in the ledger. */
export async function deleteGroupType(
  db: Db,
  user: AuthUser,
  id: string,
): Promise<GroupTypeDeleted> {
  await db.transaction(async (tx) => {
    const t = await groupTypeFor(tx, user, 'groupTypes:manage', id, true);
    await tx
      .delete(groups)
      .where(and(eq(groups.schoolId, user.schoolId), eq(groups.groupTypeId, t.id)));
    await tx
      .delete(groupTypes)
      .where(and(eq(groupTypes.schoolId, user.schoolId), eq(groupTypes.id, t.id)));
  });
  return { _id: id, deleted: true };
}

/**
 * Takes back what was given through one group on one day (the school's today by default): the
 * activities go, wallets and the rollup are reversed and each removal is audited, in one transaction.
 * Only what the user may change goes: their own gives, or everyone's with a school scope (admins).
 * The caller owns the transaction.
 */
export async function removeGroupActivities(
  tx: Tx,
  user: AuthUser,
  typeId: string,
  groupId: string,
  date: string | undefined,
): Promise<ActivitiesRemoved> {
  const t = await groupTypeFor(tx, user, 'groupTypes:read', typeId);
  const everyone = requireScope(user, 'activity:change') === 'school';
  if (!isUuid(groupId)) throw notFound(msg('msg.groupNotFound'));
  const [g] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(eq(groups.schoolId, user.schoolId), eq(groups.id, groupId), eq(groups.groupTypeId, t.id)),
    );
  if (!g) throw notFound(msg('msg.groupNotFound'));
  const on = date ?? (await loadCalendar(tx, user.school)).today;
  const mine = everyone ? undefined : eq(activities.givenBy, user.id);
  const removed = await removeActivities(
    tx,
    user.schoolId,
    and(eq(activities.groupId, g.id), eq(activities.date, on), mine),
    user.id,
  );
  await restoreDailyBehavior(tx, user.schoolId, removed, user.id);
  return { removed: removed.length };
}
