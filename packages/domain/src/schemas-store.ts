import { z } from 'zod';
import { msg, schemaText } from './message.js';
import {
  MAX_CART_LINES,
  MAX_DESCRIPTION_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MAX_LINE_QUANTITY,
  MAX_ORDER_ITEMS,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_STOCK,
  ORDER_ACTIONS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  PICTURE_PATH,
  STORE_ITEM_CATEGORIES,
  STORE_MODELS,
} from './constants.js';
import { displayName } from './schemas.js';
import { isValidIsoDate } from './school-days.js';

/** Request bodies and queries of the store (products, cart, orders, delivery dates, store state). */

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isValidIsoDate, { error: `${field} must be a date (YYYY-MM-DD)` });
const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} must be at most 100 characters` });
const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` });

/* ---- products ---- */

export const productName = displayName(
  z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(MAX_ITEM_NAME_LENGTH, { error: schemaText(msg('msg.nameTooLong')) }),
);
export const productCategory = z.enum(STORE_ITEM_CATEGORIES, {
  error: `category must be one of ${STORE_ITEM_CATEGORIES.join(', ')}`,
});

/**
 * POST products/teacher and products/school. Without `_id` it creates a product (name, category
 * and price required); with `_id` it updates that product, changing only the fields sent.
 * stock null = unlimited; limitPerStudent null = no limit.
 */
export const productBody = z
  .object({
    _id: id('_id').optional(),
    name: productName.optional(),
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(MAX_DESCRIPTION_LENGTH, {
        error: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
      })
      .nullable()
      .optional(),
    category: productCategory.optional(),
    price: whole('price', 0, MAX_PRODUCT_PRICE).optional(),
    stock: whole('stock', 0, MAX_PRODUCT_STOCK).nullable().optional(),
    limitPerStudent: whole('limitPerStudent', 1, 1000).nullable().optional(),
    /** null or '' for none, else the path of a picture uploaded for the caller's school (the server checks the school). */
    image: z
      .string({ error: 'image must be text' })
      .trim()
      .refine((v) => v === '' || PICTURE_PATH.test(v), {
        error: schemaText(msg('msg.pictureNotUploaded')),
      })
      .nullable()
      .optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b._id !== undefined) return;
    if (b.name === undefined)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'name is required' });
    else if (b.category === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: `category must be one of ${STORE_ITEM_CATEGORIES.join(', ')}`,
      });
    else if (b.price === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: `price must be a whole number from 0 to ${MAX_PRODUCT_PRICE}`,
      });
  });
export type ProductBody = z.infer<typeof productBody>;

/* ---- cart ---- */

/** A line of a cart or an order; messages name the list ('orderItems quantity must be …'). */
const line = (list: string, quantityMax: number, quantityError?: string) => {
  const range = `${list} quantity must be a whole number from 1 to ${quantityMax}`;
  return z.object({
    productId: id(`${list} productId`),
    quantity: z
      .number({ error: range })
      .int({ error: range })
      .min(1, { error: range })
      .max(quantityMax, { error: quantityError ?? range }),
  });
};

/** POST cart: the whole cart, replacing what the server kept. */
export const cartBody = z.object({
  cartItems: z
    .array(line('cartItems', MAX_LINE_QUANTITY), { error: 'cartItems must be a list' })
    .max(MAX_CART_LINES, { error: `cartItems holds at most ${MAX_CART_LINES} products` }),
});
export type CartBody = z.infer<typeof cartBody>;
export type CartLine = CartBody['cartItems'][number];

/* ---- orders ---- */

/** POST order (v2); `studentId` when a teacher orders for a student from their own store. */
export const placeOrderBody = z.object({
  orderItems: z
    .array(line('orderItems', MAX_ORDER_ITEMS, schemaText(msg('msg.orderItemsLimit'))), {
      error: 'orderItems must be a list',
    })
    .min(1, { error: 'orderItems must have at least 1 item' })
    .max(MAX_CART_LINES, { error: schemaText(msg('msg.orderItemsLimit')) }),
  studentId: z
    .string({ error: schemaText(msg('msg.selectStudent')) })
    .trim()
    .max(100)
    .nullable()
    .optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** PUT order/{id} (v2). */
export const orderActionBody = z.object({
  action: z.enum(ORDER_ACTIONS, { error: `action must be one of ${ORDER_ACTIONS.join(', ')}` }),
  deliveryLocation: displayName(
    z
      .string({ error: 'deliveryLocation must be text' })
      .trim()
      .max(100, { error: 'deliveryLocation must be at most 100 characters' }),
  )
    .nullable()
    .optional(),
});
export type OrderActionBody = z.infer<typeof orderActionBody>;

/** POST order/store-manager/ (v2): a status (and an estimated delivery) for the chosen students' orders. */
export const storeManagerBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  users: z
    .array(id('users'), { error: schemaText(msg('msg.selectStudent')) })
    .min(1, { error: schemaText(msg('msg.selectStudent')) })
    .max(2000, { error: 'users holds at most 2000 students' }),
  estimatedDelivery: isoDate('estimatedDelivery').nullable().optional(),
  /** Only these orders of the chosen students (the rows selected on the queue); all of theirs without it. */
  orderIds: z.array(id('orderIds'), { error: 'orderIds must be a list' }).max(5000).optional(),
});
export type StoreManagerBody = z.infer<typeof storeManagerBody>;

/** GET order/student and order/teacher/ filters (docs/spec.md section 4). */
export const orderListQuery = z.object({
  status: z
    .enum(ORDER_STATUS_FILTERS, {
      error: `status must be one of ${ORDER_STATUS_FILTERS.join(', ')}`,
    })
    .default('ALL'),
  deliveryDate: isoDate('deliveryDate').optional(),
  gradeLevel: z.string().trim().max(50).optional(),
  studentId: z.string().trim().max(100).optional(),
  /** Which store's orders (staff of the school store may see teachers' too); the caller's store by default. */
  store: z
    .enum(['School', 'Teacher', 'ALL'], { error: 'store must be School, Teacher or ALL' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 2000' })
    .int()
    .min(1)
    .max(2000)
    .default(500),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).default(0),
  time: z.string().optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** POST order/customization (v2). */
export const customizationBody = z.object({
  productId: id('productId'),
  productCategory: z.enum(['fonts', 'icons'], { error: 'productCategory must be fonts or icons' }),
});
export type CustomizationBody = z.infer<typeof customizationBody>;

/** PUT profile/customization: the font and icon to show (among those owned), null for none. */
export const profileCustomizationBody = z.object({
  fontId: z.string({ error: 'fontId must be a font id or null' }).max(100).nullable(),
  iconId: z.string({ error: 'iconId must be an icon id or null' }).max(100).nullable(),
});
export type ProfileCustomizationBody = z.infer<typeof profileCustomizationBody>;

/* ---- settings: delivery dates and the store's state ---- */

export const deliveryDateBody = z
  .object({
    date: isoDate('date'),
    cutOffDate: isoDate('cutOffDate'),
    gradeLevels: z
      .array(
        z.string().trim().min(1, { error: 'gradeLevels must not hold an empty grade' }).max(50),
        { error: 'gradeLevels must be a list' },
      )
      .max(30)
      .default([]),
  })
  .refine((d) => d.cutOffDate <= d.date, {
    error: 'cutOffDate must be on or before date',
    path: ['cutOffDate'],
  });
export type DeliveryDateBody = z.infer<typeof deliveryDateBody>;

/** PUT settings/delivery-date: the store model and the whole list of dates (entries with `_id` keep their id). */
export const deliverySettingsBody = z.object({
  storeModel: z.enum(STORE_MODELS, {
    error: `storeModel must be one of ${STORE_MODELS.join(', ')}`,
  }),
  deliveryDates: z
    .array(
      z
        .object({
          _id: z.string().max(100).optional(),
          date: isoDate('date'),
          cutOffDate: isoDate('cutOffDate'),
          gradeLevels: z
            .array(z.string().trim().min(1).max(50), { error: 'gradeLevels must be a list' })
            .max(30)
            .default([]),
        })
        .refine((d) => d.cutOffDate <= d.date, {
          error: 'cutOffDate must be on or before date',
          path: ['cutOffDate'],
        }),
      { error: 'deliveryDates must be a list' },
    )
    .max(366),
});
export type DeliverySettingsBody = z.infer<typeof deliverySettingsBody>;

/** PUT settings/store: open, or closed with an optional reopening date. */
export const storeStateBody = z.object({
  isOpen: z.boolean({ error: 'isOpen must be true or false' }),
  reopenDate: isoDate('reopenDate').nullable().optional(),
});
export type StoreStateBody = z.infer<typeof storeStateBody>;
