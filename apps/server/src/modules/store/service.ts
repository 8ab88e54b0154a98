import { and, eq, inArray } from 'drizzle-orm';
import {
  FONTS,
  iconImagePath,
  ICONS,
  isLevelUnlocked,
  MEMBER_STATUS_LEVELS,
  SPENDING_ORDER_STATUSES,
  STORE_ITEM_CATEGORIES,
  storeIsOpen,
  todayIn,
  type MemberStatusLevel,
  type ProfileCustomization,
  type ProfileCustomizationBody,
  type StoreMeta,
  type StoreState,
  type StoreStateBody,
  type StoreStateInfo,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders, profileChoices, storeSettings } from '../../db/schema.js';
import { mayDo } from '../../access/permission.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { balanceStats } from '../balances/service.js';
import { nextDeliveryFor } from '../delivery-dates/service.js';

/** The store's open state as set; a school that never set it has an open store. */
export async function loadStoreState(db: Queryable, schoolId: string): Promise<StoreState> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.schoolId, schoolId));
  return row
    ? { isOpen: row.isOpen, reopenDate: row.reopenDate }
    : { isOpen: true, reopenDate: null };
}

/** The state as users see it today: a reopening date that has come opens the store. */
function stateToday(s: StoreState, timeZone: string): StoreStateInfo {
  const open = storeIsOpen(s, todayIn(timeZone));
  return { isOpen: open, reopenDate: open ? null : s.reopenDate };
}

/** PUT settings/store: open, or closed until a reopening date (after today) or until opened again. */
export async function setStoreState(
  db: Queryable,
  u: AuthUser,
  body: StoreStateBody,
): Promise<StoreStateInfo> {
  const reopenDate = body.isOpen ? null : (body.reopenDate ?? null);
  if (reopenDate !== null && reopenDate <= todayIn(u.school.timeZone))
    throw badRequest('reopenDate must be after today');
  const values = { isOpen: body.isOpen, reopenDate, updatedBy: u.id, updatedAt: new Date() };
  await db
    .insert(storeSettings)
    .values({ schoolId: u.schoolId, ...values })
    .onConflictDoUpdate({ target: storeSettings.schoolId, set: values });
  return stateToday({ isOpen: body.isOpen, reopenDate }, u.school.timeZone);
}

/** Font and icon ids the student owns: bought, and not refunded. */
async function ownedCustomizations(
  db: Queryable,
  schoolId: string,
  studentId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ store: orders.store, productId: orderItems.productId })
    .from(orders)
    .innerJoin(
      orderItems,
      and(eq(orderItems.schoolId, orders.schoolId), eq(orderItems.orderId, orders.id)),
    )
    .where(
      and(
        eq(orders.schoolId, schoolId),
        eq(orders.studentId, studentId),
        inArray(orders.store, ['fonts', 'icons']),
        inArray(orders.status, [...SPENDING_ORDER_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => `${r.store}:${r.productId}`));
}

/** The font and icon a student chose, among those they still own. */
async function chosenOf(
  db: Queryable,
  u: AuthUser,
  owned: ReadonlySet<string>,
): Promise<ProfileCustomization> {
  const [row] = await db
    .select()
    .from(profileChoices)
    .where(and(eq(profileChoices.schoolId, u.schoolId), eq(profileChoices.userId, u.id)));
  return {
    fontId: row?.fontId && owned.has(`fonts:${row.fontId}`) ? row.fontId : null,
    iconId: row?.iconId && owned.has(`icons:${row.iconId}`) ? row.iconId : null,
  };
}

/**
 * GET store/meta: the open state and reopening date, the categories, the caller's next delivery
 * date (by their grade; unrestricted dates for users without one), the fonts and icons with
 * whether the caller owns each (icons also whether their member level reaches it), and the font
 * and icon they chose.
 */
export async function storeMeta(db: Queryable, u: AuthUser): Promise<StoreMeta> {
  // The member level (what unlocks icons) is a buyer's: whoever may buy a font or an icon.
  const student = mayDo(u, 'orders:customize');
  const [state, next, owned, stats] = await Promise.all([
    loadStoreState(db, u.schoolId),
    nextDeliveryFor(db, u.school, u.gradeLevel),
    ownedCustomizations(db, u.schoolId, u.id),
    student ? balanceStats(db, u, u.id) : Promise.resolve(null),
  ]);
  const level = (stats?.memberStatus ?? MEMBER_STATUS_LEVELS[0][0]) as MemberStatusLevel;
  const chosen = await chosenOf(db, u, owned);
  return {
    ...stateToday(state, u.school.timeZone),
    storeModel: u.school.storeModel,
    categories: [...STORE_ITEM_CATEGORIES],
    nextDeliveryDate: next,
    fonts: FONTS.map((f) => ({
      id: f.id,
      name: f.name,
      price: f.price,
      image: f.image,
      fontFamily: f.fontFamily,
      owned: owned.has(`fonts:${f.id}`),
    })),
    icons: ICONS.map((i) => ({
      id: i.id,
      name: i.name,
      price: i.price,
      image: i.image,
      imageUrl: iconImagePath(i),
      kind: i.kind,
      memberStatusLevel: i.memberStatusLevel,
      unlocked: student && isLevelUnlocked(level, i.memberStatusLevel),
      owned: owned.has(`icons:${i.id}`),
    })),
    memberStatusLevel: level,
    chosenFont: chosen.fontId,
    chosenIcon: chosen.iconId,
  };
}

/** PUT profile/customization: the font and icon a student shows, among those they own (null for none). */
export async function setProfileCustomization(
  db: Queryable,
  u: AuthUser,
  body: ProfileCustomizationBody,
): Promise<ProfileCustomization> {
  const owned = await ownedCustomizations(db, u.schoolId, u.id);
  if (body.fontId !== null && !owned.has(`fonts:${body.fontId}`))
    throw badRequest('fontId: choose a font you own');
  if (body.iconId !== null && !owned.has(`icons:${body.iconId}`))
    throw badRequest('iconId: choose an icon you own');
  const values = { fontId: body.fontId, iconId: body.iconId, updatedAt: new Date() };
  await db
    .insert(profileChoices)
    .values({ schoolId: u.schoolId, userId: u.id, ...values })
    .onConflictDoUpdate({ target: [profileChoices.schoolId, profileChoices.userId], set: values });
  return { fontId: body.fontId, iconId: body.iconId };
}
