import { sql } from 'drizzle-orm';
import type {
  GoalEnding,
  OrderStatus,
  ProductStore,
  StoreItemCategory,
  StoreType,
} from '@app/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* The store (issue 9): products, carts, orders, delivery dates, the store's state, customizations and saving goals. */

/**
 * Products of the school store (teacher_id null) and of teacher stores. Deleting one sets
 * deleted_at, so past orders keep pointing at it (their items keep their own name and price).
 * A name is unique within its store among products not deleted, whatever its case.
 */
export const products = pgTable(
  'products',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    store: text('store').$type<ProductStore>().notNull(),
    teacherId: uuid('teacher_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').$type<StoreItemCategory>().notNull(),
    price: integer('price').notNull(),
    /** null: unlimited. */
    stock: integer('stock'),
    limitPerStudent: integer('limit_per_student'),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('products_store').on(t.schoolId, t.store, t.teacherId),
    uniqueIndex('products_name')
      .on(
        t.schoolId,
        t.store,
        sql`coalesce(${t.teacherId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A student's cart, kept on the server so it follows them across reloads and devices. */
export const carts = pgTable(
  'carts',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    items: jsonb('items')
      .$type<{ productId: string; quantity: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] })],
);

/**
 * One store's part of a checkout (store School, Teacher, or fonts/icons for customizations).
 * With its items it is the spending side of the ledger: a student's total_spent is the sum of the
 * totals of their orders that are not CANCELED or REFUNDED, booked on `date` in the rollup.
 */
export const orders = pgTable(
  'orders',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    studentId: uuid('student_id').notNull(),
    store: text('store').$type<StoreType>().notNull(),
    teacherId: uuid('teacher_id'),
    status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
    total: integer('total').notNull(),
    /** The school day it was placed (school time zone): where the rollup books its spending. */
    date: date('date').notNull(),
    estimatedDelivery: date('estimated_delivery'),
    /** The delivery date's cut-off when placed: the student may cancel until the end of that day. */
    cutOffDate: date('cut_off_date'),
    deliveryLocation: text('delivery_location'),
    placedBy: uuid('placed_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('orders_student').on(t.schoolId, t.studentId, t.createdAt),
    index('orders_store_status').on(t.schoolId, t.store, t.teacherId, t.status),
  ],
);

/** An order's lines, each with the product's name and price as bought. */
export const orderItems = pgTable(
  'order_items',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    /** A product id, or a font or icon id for customizations. */
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    category: text('category').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('order_items_order').on(t.schoolId, t.orderId),
    index('order_items_product').on(t.schoolId, t.productId),
  ],
);

/** A school's delivery dates (settings): each with its cut-off and the grades it serves (none = all). */
export const deliveryDates = pgTable(
  'delivery_dates',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    date: date('date').notNull(),
    cutOffDate: date('cut_off_date').notNull(),
    gradeLevels: text('grade_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('delivery_dates_date').on(t.schoolId, t.date),
  ],
);

/** The store's open state; a school without a row has an open store. */
export const storeSettings = pgTable('store_settings', {
  schoolId: uuid('school_id').primaryKey(),
  isOpen: boolean('is_open').notNull().default(true),
  reopenDate: date('reopen_date'),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The font and icon a student chose among those they bought (shown in the header and by their name). */
export const profileChoices = pgTable(
  'profile_choices',
  {
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    fontId: text('font_id'),
    iconId: text('icon_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

/**
 * A student's one saving goal (docs/decisions/107-saving-goals.md). `ended` is set when the server
 * unpins it (bought, sold out, gone): the row is then the note the student sees until dismissed.
 */
export const savingGoals = pgTable(
  'saving_goals',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    productId: uuid('product_id').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
    ended: text('ended').$type<GoalEnding>(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] })],
);
