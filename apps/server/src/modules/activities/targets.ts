import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { msg, type BulkGiveBody } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { groupTypes, groups, houses, periodStudents, periods, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pgArray } from '../../lib/pg-array.js';
import { requireScope } from '../../access/permission.js';
import { periodFor, periodInScope } from '../../access/periods.js';
import { isCurrentStudentRow, studentsInScope } from '../../access/students.js';

/**
 * The students a give reaches: the union of chosen students, groups, houses and grade levels, or the
 * whole period when only a period is named. A named period must be a class the giver may view, a
 * group one of a class whose groups they may use, and every student within their activity:give scope.
 * Who left the school is reached by none of them (docs/decisions/128-leavers-are-archived.md):
 * named, they are an unknown student.
 */
export async function resolveTargets(
  db: Queryable,
  user: AuthUser,
  body: Pick<
    BulkGiveBody,
    'externalStudentIds' | 'groupIds' | 'houseNames' | 'gradeLevels' | 'internalPeriodId'
  >,
): Promise<{ studentIds: string[]; periodId: string | null; groupId: string | null }> {
  const wholeSchool = requireScope(user, 'activity:give') === 'school';
  const period = body.internalPeriodId
    ? await periodFor(db, user, 'class:view', body.internalPeriodId)
    : null;
  const found = new Set<string>();
  const rosterIds = body.externalStudentIds ?? [];
  const groupIds = body.groupIds ?? [];
  const houseNames = body.houseNames ?? [];
  const gradeLevels = body.gradeLevels ?? [];

  if (rosterIds.length) await addNamedStudents(db, user, rosterIds, found);
  const groupId = groupIds.length ? await addGroups(db, user, groupIds, found) : null;
  if (houseNames.length || gradeLevels.length) {
    if (!wholeSchool) throw forbidden(msg('msg.giveAllOnly'));
    await addHousesAndGrades(db, user, { houseNames, gradeLevels }, found);
  }
  const noSelector =
    !rosterIds.length && !groupIds.length && !houseNames.length && !gradeLevels.length;
  if (period && noSelector) await addPeriod(db, user, period.id, found);

  if (!found.size) throw badRequest(msg('msg.selectStudent'));
  if (!wholeSchool) {
    const mine = await studentsInScope(db, user, 'activity:give');
    if (mine !== 'school' && [...found].some((s) => !mine.has(s)))
      throw forbidden(msg('msg.giveOwnClasses'));
  }
  return { studentIds: [...found], periodId: period?.id ?? null, groupId };
}

/** The students named by roster id (`users.externalId`): each a current student, else 400. */
async function addNamedStudents(
  db: Queryable,
  user: AuthUser,
  rosterIds: string[],
  found: Set<string>,
) {
  const rows = await db
    .select({ id: users.id, externalId: users.externalId })
    .from(users)
    .where(
      and(
        eq(users.schoolId, user.schoolId),
        // One array parameter: a whole school's give names a thousand ids.
        sql`${users.externalId} = any(${pgArray(rosterIds, 'text')})`,
        isCurrentStudentRow,
      ),
    );
  const known = new Set(rows.map((r) => r.externalId));
  const missing = rosterIds.filter((e) => !known.has(e));
  if (missing.length)
    throw badRequest(msg('msg.unknownStudent', { ids: missing.slice(0, 5).join(', ') }));
  rows.forEach((r) => found.add(r.id));
}

/** The groups' current students; a group must be of a class whose groups the giver may use. The group's id when there is one. */
async function addGroups(
  db: Queryable,
  user: AuthUser,
  groupIds: string[],
  found: Set<string>,
): Promise<string | null> {
  if (groupIds.some((g) => !isUuid(g))) throw notFound(msg('msg.groupNotFound'));
  const rows = await db
    .select({
      id: groups.id,
      studentIds: groups.studentIds,
      teacherId: periods.teacherId,
      coTeachers: periods.coTeachers,
    })
    .from(groups)
    .innerJoin(
      groupTypes,
      and(eq(groupTypes.schoolId, groups.schoolId), eq(groupTypes.id, groups.groupTypeId)),
    )
    .innerJoin(
      periods,
      and(eq(periods.schoolId, groupTypes.schoolId), eq(periods.id, groupTypes.periodId)),
    )
    .where(and(eq(groups.schoolId, user.schoolId), inArray(groups.id, groupIds)));
  if (rows.length !== new Set(groupIds).size) throw notFound(msg('msg.groupNotFound'));
  const inGroups = new Set<string>();
  for (const g of rows) {
    if (!periodInScope(user, 'groupTypes:read', g)) throw forbidden(msg('msg.otherTeachersClass'));
    g.studentIds.forEach((s) => inGroups.add(s));
  }
  // A group keeps the ids it was made with: who has left since is not given to.
  if (inGroups.size) {
    const current = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, user.schoolId),
          sql`${users.id} = any(${pgArray([...inGroups], 'uuid')})`,
          isCurrentStudentRow,
        ),
      );
    current.forEach((r) => found.add(r.id));
  }
  return rows.length === 1 ? rows[0]!.id : null;
}

/** The current students of the houses and grade levels (a whole-school giver's). */
async function addHousesAndGrades(
  db: Queryable,
  user: AuthUser,
  { houseNames, gradeLevels }: { houseNames: string[]; gradeLevels: string[] },
  found: Set<string>,
) {
  if (houseNames.length) {
    const known = await db
      .select({ name: houses.name })
      .from(houses)
      .where(and(eq(houses.schoolId, user.schoolId), inArray(houses.name, houseNames)));
    const missing = houseNames.filter((h) => !known.some((k) => k.name === h));
    if (missing.length) throw badRequest(msg('msg.unknownHouse', { names: missing.join(', ') }));
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, user.schoolId),
          inArray(users.house, houseNames),
          isCurrentStudentRow,
        ),
      );
    rows.forEach((r) => found.add(r.id));
  }
  if (gradeLevels.length) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, user.schoolId),
          inArray(users.gradeLevel, gradeLevels),
          isCurrentStudentRow,
        ),
      );
    rows.forEach((r) => found.add(r.id));
  }
}

/** A whole period: its students who have not left. */
async function addPeriod(db: Queryable, user: AuthUser, periodId: string, found: Set<string>) {
  const rows = await db
    .select({ id: periodStudents.studentId })
    .from(periodStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, periodStudents.schoolId), eq(users.id, periodStudents.studentId)),
    )
    .where(
      and(
        eq(periodStudents.schoolId, user.schoolId),
        eq(periodStudents.periodId, periodId),
        isNull(users.leftAt),
      ),
    );
  rows.forEach((r) => found.add(r.id));
}
