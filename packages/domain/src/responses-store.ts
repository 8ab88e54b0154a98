import { z } from 'zod';
import {
  ORDER_STATUSES,
  PRODUCT_STORES,
  STORE_ITEM_CATEGORIES,
  STORE_TYPES,
  type OrderStatus,
} from './constants.js';
import { day, instant, int } from './response-fields.js';
import { MEMBER_STATUS_LEVELS } from './tiers.js';

/** Response shapes of the store (the wire format); see responses.ts for how they are used. */

const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

/** Product JSON: stock null = unlimited, limitPerStudent null = none, teacher for teacher products. */
export const productResponse = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(STORE_ITEM_CATEGORIES),
  price: int(),
  stock: int().nullable(),
  limitPerStudent: int().nullable(),
  image: z.string().nullable(),
  active: z.boolean(),
  store: z.enum(PRODUCT_STORES),
  teacher: personRef.nullable(),
});
export type Product = z.infer<typeof productResponse>;

/** GET/POST/DELETE cart: each line with its product as it is now. */
export const cartResponse = z.object({
  cartItems: z.array(
    z.object({ productId: z.string(), quantity: int(), product: productResponse }),
  ),
});
export type Cart = z.infer<typeof cartResponse>;

/** An order line with the name and price as bought. */
export const orderItemResponse = z.object({
  productId: z.string(),
  name: z.string(),
  price: int(),
  quantity: int(),
  category: z.string(),
});
export type OrderItem = z.infer<typeof orderItemResponse>;

export const orderStudentResponse = z.object({
  _id: z.string(),
  externalId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.string().nullable(),
});
export type OrderStudent = z.infer<typeof orderStudentResponse>;

/**
 * An order: one store's part of a checkout. `cutOffDate` is its delivery date's cut-off (the
 * student may cancel until the end of that day), null when it was placed with no delivery date.
 */
export const orderResponse = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderItems: z.array(orderItemResponse),
  total: int(),
  studentId: z.string(),
  estimatedDelivery: day().nullable(),
  deliveryLocation: z.string().nullable(),
  store: z.enum(STORE_TYPES),
  createdAt: instant(),
  updatedAt: instant(),
  cutOffDate: day().nullable(),
  student: orderStudentResponse,
  teacher: personRef.nullable(),
});
export type Order = z.infer<typeof orderResponse>;

/** POST order: the orders made (one per store) and the student's balance after them. */
export const placeOrderResponse = z.object({
  orders: z.array(orderResponse),
  balance: int(),
});
export type PlaceOrderResult = z.infer<typeof placeOrderResponse>;

const statusCounts = z.object(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, int()])) as Record<
    OrderStatus,
    ReturnType<typeof int>
  >,
);

/** POST order/store-manager/. */
export const storeManagerResultResponse = z.object({
  /** Orders moved to the status (or given the estimated delivery). */
  updated: int(),
  /** Chosen orders the status could not be set on (their status does not allow it). */
  skipped: int(),
  orders: z.array(orderResponse),
});
export type StoreManagerResult = z.infer<typeof storeManagerResultResponse>;

export const deliveryDateResponse = z.object({
  _id: z.string(),
  date: day(),
  cutOffDate: day(),
  gradeLevels: z.array(z.string()),
});
export type DeliveryDate = z.infer<typeof deliveryDateResponse>;

/** GET order/store-manager/meta: what the fulfilment queue filters by. */
export const storeManagerMetaResponse = z.object({
  counts: statusCounts,
  storeModel: z.string(),
  deliveryDates: z.array(deliveryDateResponse),
  /** Estimated deliveries of open (pending or packaged) orders, in order. */
  estimatedDeliveries: z.array(day()),
  /** Grades of students with orders. */
  gradeLevels: z.array(z.string()),
});
export type StoreManagerMeta = z.infer<typeof storeManagerMetaResponse>;

/** GET order/stats/{studentId}: one student's orders at a glance (pickup). */
export const orderStatsResponse = z.object({
  student: orderStudentResponse,
  balance: int(),
  counts: statusCounts,
  /** Points spent on orders that are not canceled or refunded. */
  spent: int(),
  /** Orders pending or packaged. */
  openOrders: int(),
});
export type OrderStats = z.infer<typeof orderStatsResponse>;

/** GET settings/delivery-date and PUT settings/delivery-date: `_id` is the school's. */
export const deliverySettingsResponse = z.object({
  _id: z.string(),
  storeModel: z.string(),
  deliveryDates: z.array(deliveryDateResponse),
});
export type DeliverySettings = z.infer<typeof deliverySettingsResponse>;

/** PUT settings/store. */
export const storeStateResponse = z.object({
  isOpen: z.boolean(),
  reopenDate: day().nullable(),
});
export type StoreStateInfo = z.infer<typeof storeStateResponse>;

export const fontOptionResponse = z.object({
  id: z.string(),
  name: z.string(),
  price: int(),
  image: z.string(),
  fontFamily: z.string(),
  owned: z.boolean(),
});
export type FontOptionInfo = z.infer<typeof fontOptionResponse>;

export const iconOptionResponse = z.object({
  id: z.string(),
  name: z.string(),
  price: int(),
  /** The openmoji svg file name. */
  image: z.string(),
  /** Where the server serves the picture (/icons/black/… or /icons/color/…). */
  imageUrl: z.string(),
  kind: z.enum(['Icons', 'Emojis']),
  memberStatusLevel: z.enum(MEMBER_STATUS_LEVELS.map(([l]) => l) as [string, ...string[]]),
  /** Whether the caller's member level reaches it. */
  unlocked: z.boolean(),
  owned: z.boolean(),
});
export type IconOptionInfo = z.infer<typeof iconOptionResponse>;

/**
 * GET store/meta: the store's open state and reopening date (`isOpen` already counts a reopening
 * date that has come), the categories, the next delivery date for the caller, and the font and
 * icon options with whether the caller owns each.
 */
export const storeMetaResponse = z.object({
  isOpen: z.boolean(),
  reopenDate: day().nullable(),
  storeModel: z.string(),
  categories: z.array(z.enum(STORE_ITEM_CATEGORIES)),
  nextDeliveryDate: deliveryDateResponse.nullable(),
  fonts: z.array(fontOptionResponse),
  icons: z.array(iconOptionResponse),
  /** The caller's member status level (icons up to it are unlocked). */
  memberStatusLevel: z.string(),
  /** The font and icon the caller chose among those they own (null: none). */
  chosenFont: z.string().nullable(),
  chosenIcon: z.string().nullable(),
});
export type StoreMeta = z.infer<typeof storeMetaResponse>;

/** PUT profile/customization. */
export const profileCustomizationResponse = z.object({
  fontId: z.string().nullable(),
  iconId: z.string().nullable(),
});
export type ProfileCustomization = z.infer<typeof profileCustomizationResponse>;

/** GET utility/upload-url/{id}: PUT the image to `uploadUrl` (once, before `expiresAt`); it will be at `image`. */
export const uploadUrlResponse = z.object({
  uploadUrl: z.string(),
  image: z.string(),
  expiresAt: instant(),
  maxBytes: int(),
});
export type UploadUrl = z.infer<typeof uploadUrlResponse>;

/** PUT uploads/{token}: the kept image's path and size. */
export const uploadDoneResponse = z.object({
  image: z.string(),
  width: int(),
  height: int(),
  bytes: int(),
});
export type UploadDone = z.infer<typeof uploadDoneResponse>;
