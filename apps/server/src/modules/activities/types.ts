import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_CATEGORIES,
  activityPoints,
  MAX_CUSTOM_PER_KIND,
  msg,
  TEACHER_CUSTOM_ACTION,
  type ActivityOption,
  type ActivityOptions,
  type CustomActionInput,
  type PowerActions,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { activityTypes, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { mayDo, scopeOf } from '../../access/permission.js';
import type { ActivityTypeRow } from '../../ledger/write.js';

export type { ActivityTypeRow };

export const presentType = (t: ActivityTypeRow, user: AuthUser): ActivityOption => ({
  _id: t.id,
  name: t.name,
  category: t.category,
  points: activityPoints(t, mayDo(user, 'activity:adminFlagPoints'), user.school),
  type: t.type,
  isCustom: t.type === TEACHER_CUSTOM_ACTION,
});

/** Categories a person may give by hand: Flags and Bonuses; every category with activity:giveAllCategories. */
function mayGiveCategory(user: AuthUser, category: string): boolean {
  return (
    mayDo(user, 'activity:give') &&
    (category === 'Flags' || category === 'Bonuses' || mayDo(user, 'activity:giveAllCategories'))
  );
}

/** The school's actions plus the user's own custom actions. */
async function visibleTypes(db: Queryable, user: AuthUser): Promise<ActivityTypeRow[]> {
  return db
    .select()
    .from(activityTypes)
    .where(
      and(
        eq(activityTypes.schoolId, user.schoolId),
        eq(activityTypes.active, true),
        or(isNull(activityTypes.ownerId), eq(activityTypes.ownerId, user.id)),
      ),
    )
    .orderBy(asc(activityTypes.category), asc(activityTypes.points), asc(activityTypes.name));
}

export async function activityOptions(db: Queryable, user: AuthUser): Promise<ActivityOptions> {
  const types = await visibleTypes(db, user);
  const byCategory = Object.fromEntries(
    ACTIVITY_CATEGORIES.map((c) => [c, [] as ActivityOption[]]),
  ) as ActivityOptions['categories'];
  for (const t of types) byCategory[t.category]?.push(presentType(t, user));
  const [me] = await db
    .select({ powerActions: users.powerActions })
    .from(users)
    .where(and(eq(users.schoolId, user.schoolId), eq(users.id, user.id)));
  const custom = types.filter((t) => t.ownerId === user.id);
  return {
    categories: byCategory,
    customActions: custom.map((t) => presentType(t, user)),
    powerActions: (me?.powerActions ?? []).filter((id) => types.some((t) => t.id === id)),
    /** Categories this user may give by hand (admins also Academic Pay Day and the daily ones). */
    givableCategories: ACTIVITY_CATEGORIES.filter((c) => mayGiveCategory(user, c)),
    canCreateCustomActions: canCreateCustom(user),
    customLimit: MAX_CUSTOM_PER_KIND,
    flagPoints: { admin: user.school.adminFlagPoints, nonAdmin: user.school.nonAdminFlagPoints },
  };
}

const canCreateCustom = (user: AuthUser) => mayDo(user, 'customActions:manage');

/** Creates (or reuses, by name) one of the user's custom actions; at most 5 Flags and 5 Bonuses. */
export async function createCustomAction(
  db: Queryable,
  user: AuthUser,
  input: CustomActionInput,
): Promise<ActivityTypeRow> {
  if (!canCreateCustom(user)) throw forbidden(msg('msg.noCustomActions'));
  const mine = await db
    .select()
    .from(activityTypes)
    .where(
      and(
        eq(activityTypes.schoolId, user.schoolId),
        eq(activityTypes.ownerId, user.id),
        eq(activityTypes.active, true),
      ),
    );
  const same = mine.find(
    (t) => t.category === input.category && t.name.toLowerCase() === input.name.toLowerCase(),
  );
  if (same) return same;
  if (mine.filter((t) => t.category === input.category).length >= MAX_CUSTOM_PER_KIND)
    throw badRequest(
      input.category === 'Flags' ? msg('msg.maxCustomFlags') : msg('msg.maxCustomBonuses'),
    );
  // Serialize concurrent creations by the same teacher so the limit holds under a double click.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${user.id}))`);
  const recount = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityTypes)
    .where(
      and(
        eq(activityTypes.schoolId, user.schoolId),
        eq(activityTypes.ownerId, user.id),
        eq(activityTypes.active, true),
        eq(activityTypes.category, input.category),
      ),
    );
  if (Number(recount[0]?.n ?? 0) >= MAX_CUSTOM_PER_KIND)
    throw badRequest(
      input.category === 'Flags' ? msg('msg.maxCustomFlags') : msg('msg.maxCustomBonuses'),
    );
  const [row] = await db
    .insert(activityTypes)
    .values({
      schoolId: user.schoolId,
      name: input.name,
      category: input.category,
      points: input.category === 'Flags' ? -user.school.nonAdminFlagPoints : (input.points ?? 1),
      type: TEACHER_CUSTOM_ACTION,
      ownerId: user.id,
    })
    .returning();
  return row!;
}

export async function deleteCustomAction(db: Queryable, user: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound(msg('msg.activityNotFound'));
  const [t] = await db
    .select()
    .from(activityTypes)
    .where(and(eq(activityTypes.schoolId, user.schoolId), eq(activityTypes.id, id)));
  if (
    !t ||
    (t.ownerId !== user.id && scopeOf(user, 'customActions:manage') !== 'school') ||
    t.type !== TEACHER_CUSTOM_ACTION
  )
    throw notFound(msg('msg.activityNotFound'));
  // Past activities keep their name; the action just stops being offered.
  await db
    .update(activityTypes)
    .set({ active: false })
    .where(and(eq(activityTypes.schoolId, user.schoolId), eq(activityTypes.id, id)));
}

/** The activity types named in a give: existing ids the user may use, or inline custom actions. */
export async function resolveTypes(
  db: Queryable,
  user: AuthUser,
  wanted: ReadonlyArray<string | CustomActionInput>,
): Promise<ActivityTypeRow[]> {
  const ids = wanted.filter((w): w is string => typeof w === 'string');
  if (ids.some((id) => !isUuid(id))) throw badRequest(msg('msg.unknownActivityType'));
  const rows = ids.length
    ? await db
        .select()
        .from(activityTypes)
        .where(
          and(
            eq(activityTypes.schoolId, user.schoolId),
            inArray(activityTypes.id, ids),
            eq(activityTypes.active, true),
          ),
        )
    : [];
  const out: ActivityTypeRow[] = [];
  for (const w of wanted) {
    const t =
      typeof w === 'string' ? rows.find((r) => r.id === w) : await createCustomAction(db, user, w);
    if (!t || (t.ownerId && t.ownerId !== user.id))
      throw badRequest(msg('msg.unknownActivityType'));
    if (!mayGiveCategory(user, t.category))
      throw forbidden(msg('msg.adminsOnlyGive', { category: t.category }));
    if (!out.some((o) => o.id === t.id)) out.push(t);
  }
  return out;
}

export async function setPowerActions(
  db: Queryable,
  user: AuthUser,
  targetUserId: string,
  ids: string[],
): Promise<PowerActions> {
  if (targetUserId !== user.id && scopeOf(user, 'powerActions:set') !== 'school')
    throw forbidden(msg('msg.ownPowerActions'));
  const unique = [...new Set(ids)];
  const types = await visibleTypes(db, user);
  const unknown = unique.filter((id) => !types.some((t) => t.id === id));
  if (unknown.length) throw badRequest(msg('msg.powerActionUnknown'));
  await db
    .update(users)
    .set({ powerActions: unique })
    .where(and(eq(users.schoolId, user.schoolId), eq(users.id, user.id)));
  return { powerActions: unique };
}
