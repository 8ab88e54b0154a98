import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type AdvancedSettingsBody,
  type HouseSystemBody,
  msg,
  type RoleChange,
  ROLES,
  type SchoolSettings,
  type SettingsView,
  storeIsOpen,
  todayIn,
  type UserRoles,
  type UserRolesBody,
  type UsersRolesList,
  type UsersRolesQuery,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { roleAudit, schools, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { presentSettings, presentUser } from '../../presenters/settings.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { checkRoleChange, personToActOn } from '../../access/users.js';
import { forgetSessions } from '../auth/service.js';
import { loadStoreState } from '../store/service.js';

/** GET settings: the school's settings as they are now, with the store's model and its state today. */
export async function schoolSettings(db: Queryable, u: AuthUser): Promise<SettingsView> {
  const [[s], store] = await Promise.all([
    db.select().from(schools).where(eq(schools.id, u.schoolId)),
    loadStoreState(db, u.schoolId),
  ]);
  const isOpen = storeIsOpen(store, todayIn(s!.timeZone));
  return {
    ...presentSettings(s!),
    storeModel: s!.storeModel,
    store: { isOpen, reopenDate: isOpen ? null : store.reopenDate },
  };
}

/** `LIKE` pattern for a value that starts with `s` (its wildcards escaped). */
const startsWith = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET settings/users/roles: the school's users, by last then first name; `search` matches the start
 * of the first name, last name, 'last, first', 'first last' or the external id (docs/spec.md section 5's
 * fuzzy name search); `role` keeps those holding it; `status` lists the school's current people
 * (the default) or those who left it.
 */
export async function listUserRoles(
  db: Queryable,
  u: AuthUser,
  q: UsersRolesQuery,
): Promise<UsersRolesList> {
  const conds: SQL[] = [eq(users.schoolId, u.schoolId)];
  const search = q.search?.replace(/\s+/g, ' ');
  if (search) {
    const p = startsWith(search);
    conds.push(
      sql`(lower(${users.firstName}) like ${p} or lower(${users.lastName}) like ${p}
        or lower(${users.lastName} || ', ' || ${users.firstName}) like ${p}
        or lower(${users.firstName} || ' ' || ${users.lastName}) like ${p}
        or lower(${users.externalId}) like ${p})`,
    );
  }
  if (q.role) conds.push(sql`${q.role} = any(${users.roles})`);
  // Who left the school is archived: listed apart, under Left (docs/decisions/128-leavers-are-archived.md).
  conds.push(q.status === 'left' ? isNotNull(users.leftAt) : isNull(users.leftAt));
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.lastName, users.firstName, users.id)
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);
  return { users: rows.map((r) => presentUser(r, u.school.timeZone)), total: count?.n ?? 0 };
}

/**
 * PUT settings/users/roles/{id}: the user's whole list of roles, written with its audit row in one
 * transaction, within what checkRoleChange (apps/server/src/access/users.ts) allows.
 */
export async function setUserRoles(
  db: Db,
  u: AuthUser,
  userId: string,
  body: UserRolesBody,
): Promise<UserRoles> {
  const wanted = ROLES.filter((r) => body.roles.includes(r));
  const answer = await db.transaction(async (tx) => {
    const target = await personToActOn(tx, u, userId, { forUpdate: true });
    const before = target.roles;
    checkRoleChange(u, target, wanted);
    const same =
      before.length === wanted.length && before.every((r) => (wanted as string[]).includes(r));
    if (same) return presentUser(target, u.school.timeZone);
    const [row] = await tx
      .update(users)
      .set({ roles: wanted })
      .where(and(eq(users.schoolId, u.schoolId), eq(users.id, userId)))
      .returning();
    await tx
      .insert(roleAudit)
      .values({ schoolId: u.schoolId, userId, changedBy: u.id, before, after: wanted });
    return presentUser(row!, u.school.timeZone);
  });
  // The user's rights changed: no session cached here keeps the old roles (other servers hear the NOTIFY).
  forgetSessions(db);
  return answer;
}

/** GET settings/users/roles/audit: the latest role changes, newest first (one user's with `userId`), with names. */
export async function roleChanges(
  db: Queryable,
  u: AuthUser,
  userId?: string,
): Promise<RoleChange[]> {
  if (userId !== undefined && !isUuid(userId)) throw notFound(msg('msg.userNotFound'));
  const rows = await db
    .select()
    .from(roleAudit)
    .where(
      and(eq(roleAudit.schoolId, u.schoolId), userId ? eq(roleAudit.userId, userId) : undefined),
    )
    .orderBy(desc(roleAudit.at), desc(roleAudit.id))
    .limit(200);
  const ids = [
    ...new Set(rows.flatMap((r) => (r.changedBy ? [r.userId, r.changedBy] : [r.userId]))),
  ];
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.schoolId, u.schoolId), inArray(users.id, ids)))
    : [];
  const name = (id: string | null) => {
    const p = people.find((x) => x.id === id);
    return p ? `${p.firstName} ${p.lastName}` : null;
  };
  return rows.map((r) => ({
    _id: r.id,
    userId: r.userId,
    userName: name(r.userId) ?? 'Unknown user',
    changedBy: r.changedBy,
    changedByName: name(r.changedBy),
    before: r.before,
    after: r.after,
    at: r.at.toISOString(),
  }));
}

async function updateSchool(
  db: Queryable,
  u: AuthUser,
  set: Partial<typeof schools.$inferInsert>,
): Promise<SchoolSettings> {
  const [s] = await db.update(schools).set(set).where(eq(schools.id, u.schoolId)).returning();
  forgetSessions(db); // the school's settings are part of every session's rights
  return presentSettings(s!);
}

/** PUT settings/house-system: only for a school that has a house system. */
export async function setHouseSystem(
  db: Queryable,
  u: AuthUser,
  body: HouseSystemBody,
): Promise<SchoolSettings> {
  const [s] = await db
    .select({ hasHouseSystem: schools.hasHouseSystem })
    .from(schools)
    .where(eq(schools.id, u.schoolId));
  if (!s?.hasHouseSystem) throw badRequest(msg('msg.noHouseSystem'));
  return updateSchool(db, u, { isHouseSystemConfigured: body.isHouseSystemConfigured });
}

/** PUT settings/advanced: the settings sent; the others keep their value. */
export async function setAdvanced(
  db: Queryable,
  u: AuthUser,
  body: AdvancedSettingsBody,
): Promise<SchoolSettings> {
  const set: Partial<typeof schools.$inferInsert> = {};
  if (body.canNonAdminCreateCustomActions !== undefined)
    set.canNonAdminCreateCustomActions = body.canNonAdminCreateCustomActions;
  if (body.canTeacherGiveAll !== undefined) set.canTeacherGiveAll = body.canTeacherGiveAll;
  if (body.adminFlagPoints !== undefined) set.adminFlagPoints = body.adminFlagPoints;
  if (body.nonAdminFlagPoints !== undefined) set.nonAdminFlagPoints = body.nonAdminFlagPoints;
  return updateSchool(db, u, set);
}
