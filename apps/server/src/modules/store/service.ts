import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  clockNow,
  type DeliveryDate,
  FONTS,
  iconImagePath,
  ICONS,
  isLevelUnlocked,
  MEMBER_STATUS_LEVELS,
  memberStatus,
  type MemberStatusLevel,
  msg,
  nextDeliveryDate,
  type ProfileCustomization,
  type ProfileCustomizationBody,
  SPENDING_ORDER_STATUSES,
  STORE_ITEM_CATEGORIES,
  storeIsOpen,
  type StoreMeta,
  type StoreState,
  type StoreStateBody,
  type StoreStateInfo,
  todayIn,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import {
  deliveryDates,
  orderItems,
  orders,
  profileChoices,
  storeSettings,
} from '../../db/schema.js';
import { mayDo } from '../../access/permission.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { JsonText } from '../../lib/serializer.js';
import { yearRollupParams, yearRollupSql } from '../balances/service.js';

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
    throw badRequest(msg('msg.reopenAfterToday'));
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

/**
 * Everything store/meta reads about the school and the caller in ONE statement: the store's
 * state, the delivery dates (the domain picks the next), the fonts and icons they own ("store:id"),
 * their choice, and what they earned this school year (the member level; only for buyers).
 */
const metaQuery = preparedFor((db) => {
  const ph = sql.placeholder;
  const spending = sql.raw(SPENDING_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
  return db
    .select({
      isOpen: sql<
        boolean | null
      >`(select s.is_open from ${storeSettings} s where s.school_id = ${ph('schoolId')})`,
      reopenDate: sql<
        string | null
      >`(select to_char(s.reopen_date, 'YYYY-MM-DD') from ${storeSettings} s where s.school_id = ${ph('schoolId')})`,
      dates: sql<DeliveryDate[] | string>`(
        select coalesce(json_agg(json_build_object('_id', d.id, 'date', d.date, 'cutOffDate', d.cut_off_date, 'gradeLevels', d.grade_levels)), '[]')
        from ${deliveryDates} d where d.school_id = ${ph('schoolId')})`,
      owned: sql<string[]>`array(
        select o.store || ':' || i.product_id
        from ${orders} o join ${orderItems} i on i.school_id = o.school_id and i.order_id = o.id
        where o.school_id = ${ph('schoolId')} and o.student_id = ${ph('userId')}
          and o.store in ('fonts', 'icons') and o.status in (${spending}))`,
      fontId: sql<
        string | null
      >`(select c.font_id from ${profileChoices} c where c.school_id = ${ph('schoolId')} and c.user_id = ${ph('userId')})`,
      iconId: sql<
        string | null
      >`(select c.icon_id from ${profileChoices} c where c.school_id = ${ph('schoolId')} and c.user_id = ${ph('userId')})`,
      yearEarned: sql<number>`case when ${ph('buyer')}::boolean then (
        select coalesce(sum(d.earned), 0) from ${yearRollupSql({
          schoolId: ph('schoolId'),
          studentId: ph('userId'),
          today: ph('today'),
          fallbackStart: ph('fallbackStart'),
          fallbackEnd: ph('fallbackEnd'),
        })}) else 0 end`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
    .prepare('store_meta');
});

/** The fonts' and icons' fixed fields as JSON text, written once: an answer adds the caller's flags. */
const fontParts = FONTS.map((f) => ({
  id: f.id,
  head: JSON.stringify({
    id: f.id,
    name: f.name,
    price: f.price,
    image: f.image,
    fontFamily: f.fontFamily,
  }).slice(0, -1),
}));
const iconParts = ICONS.map((i) => ({
  id: i.id,
  level: i.memberStatusLevel,
  head: JSON.stringify({
    id: i.id,
    name: i.name,
    price: i.price,
    image: i.image,
    imageUrl: iconImagePath(i),
    kind: i.kind,
    memberStatusLevel: i.memberStatusLevel,
  }).slice(0, -1),
}));

/** A list's items as JSON text up to their "owned" flag, and the whole list when none is owned. */
interface ListJson {
  items: { id: string; head: string }[];
  noneOwned: string;
}
const listOf = (items: { id: string; head: string }[]): ListJson => ({
  items,
  noneOwned: items.map((i) => `${i.head}false}`).join(','),
});
const fontList = listOf(fontParts.map((f) => ({ id: f.id, head: `${f.head},"owned":` })));
/** The icons for each member level (null: a caller who cannot buy, to whom nothing is unlocked). */
const iconLists = new Map<MemberStatusLevel | null, ListJson>(
  [null, ...MEMBER_STATUS_LEVELS.map(([n]) => n)].map((level) => [
    level,
    listOf(
      iconParts.map((i) => ({
        id: i.id,
        head: `${i.head},"unlocked":${level !== null && isLevelUnlocked(level, i.level)},"owned":`,
      })),
    ),
  ]),
);

/** A list as JSON text with the caller's "owned" flags: written once a level, most callers own none. */
function listJson(list: ListJson, store: 'fonts' | 'icons', owned: ReadonlySet<string>): string {
  const prefix = `${store}:`;
  let any = false;
  for (const key of owned) if (key.startsWith(prefix)) any = true;
  if (!any) return list.noneOwned;
  return list.items.map((i) => `${i.head}${owned.has(prefix + i.id)}}`).join(',');
}

/**
 * GET store/meta: the open state and reopening date, the categories, the caller's next delivery
 * date (by their grade; unrestricted dates for users without one), the fonts and icons with
 * whether the caller owns each (icons also whether their member level reaches it), and the font
 * and icon they chose. One statement; the answer is written as text here (284 icons: the fixed
 * fields of each were serialized once at start-up).
 */
export async function storeMeta(db: Queryable, u: AuthUser): Promise<JsonText<StoreMeta>> {
  // The member level (what unlocks icons) is a buyer's: whoever may buy a font or an icon.
  const buyer = mayDo(u, 'orders:customize');
  const [row] = await metaQuery(db).execute({
    schoolId: u.schoolId,
    userId: u.id,
    buyer,
    ...yearRollupParams(u),
  });
  const owned = new Set(row?.owned ?? []);
  const dates = typeof row?.dates === 'string' ? JSON.parse(row.dates) : (row?.dates ?? []);
  const state = stateToday(
    row?.isOpen == null
      ? { isOpen: true, reopenDate: null }
      : { isOpen: row.isOpen, reopenDate: row.reopenDate },
    u.school.timeZone,
  );
  const level: MemberStatusLevel = buyer
    ? (memberStatus(Math.max(0, row?.yearEarned ?? 0)).tier as MemberStatusLevel)
    : MEMBER_STATUS_LEVELS[0][0];
  const chosen = (store: string, id: string | null | undefined) =>
    id && owned.has(`${store}:${id}`) ? id : null;
  const next = nextDeliveryDate(dates as DeliveryDate[], {
    now: clockNow(),
    timeZone: u.school.timeZone,
    gradeLevel: u.gradeLevel,
    storeModel: u.school.storeModel,
  });
  const fonts = listJson(fontList, 'fonts', owned);
  const icons = listJson(iconLists.get(buyer ? level : null)!, 'icons', owned);
  const head = JSON.stringify({
    ...state,
    storeModel: u.school.storeModel,
    categories: STORE_ITEM_CATEGORIES,
    nextDeliveryDate: next && {
      _id: next._id,
      date: next.date,
      cutOffDate: next.cutOffDate,
      gradeLevels: next.gradeLevels,
    },
  }).slice(0, -1);
  const tail = JSON.stringify({
    memberStatusLevel: level,
    chosenFont: chosen('fonts', row?.fontId),
    chosenIcon: chosen('icons', row?.iconId),
  }).slice(1);
  return new JsonText(`${head},"fonts":[${fonts}],"icons":[${icons}],${tail}`);
}

/** PUT profile/customization: the font and icon a student shows, among those they own (null for none). */
export async function setProfileCustomization(
  db: Queryable,
  u: AuthUser,
  body: ProfileCustomizationBody,
): Promise<ProfileCustomization> {
  const owned = await ownedCustomizations(db, u.schoolId, u.id);
  if (body.fontId !== null && !owned.has(`fonts:${body.fontId}`))
    throw badRequest(msg('msg.fontNotOwned'));
  if (body.iconId !== null && !owned.has(`icons:${body.iconId}`))
    throw badRequest(msg('msg.iconNotOwned'));
  const values = { fontId: body.fontId, iconId: body.iconId, updatedAt: new Date() };
  await db
    .insert(profileChoices)
    .values({ schoolId: u.schoolId, userId: u.id, ...values })
    .onConflictDoUpdate({ target: [profileChoices.schoolId, profileChoices.userId], set: values });
  return { fontId: body.fontId, iconId: body.iconId };
}
