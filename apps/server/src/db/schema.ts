import { sql } from 'drizzle-orm';
import type {
  ActivityCategory,
  BalancePolicy,
  EntryCategory,
  GoalEnding,
  NotificationKind,
  OrdersPolicy,
  OrderStatus,
  ProductStore,
  StoreItemCategory,
  StoreType,
} from '@app/domain';
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
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

/*
 * Multi-tenant by school: every school-scoped table carries school_id and leads its keys with it,
 * so the schema distributes on school_id (see docs/architecture.md section 3).
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A district owns its schools; its super admins run them from the district console. */
export const districts = pgTable('districts', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: id().primaryKey(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id),
    externalId: text('external_id').notNull().unique(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    teacherToolboxLink: text('teacher_toolbox_link'),
    hasHouseSystem: boolean('has_house_system').notNull().default(false),
    isHouseSystemConfigured: boolean('is_house_system_configured').notNull().default(false),
    storeModel: text('store_model').notNull().default('Pickup'),
    schoolType: text('school_type').notNull().default(''),
    canTeacherGiveAll: boolean('can_teacher_give_all'),
    canNonAdminCreateCustomActions: boolean('can_non_admin_create_custom_actions')
      .notNull()
      .default(true),
    /** Points a flag takes away, by the giver's kind; stored as positive amounts. */
    adminFlagPoints: integer('admin_flag_points').notNull().default(5),
    nonAdminFlagPoints: integer('non_admin_flag_points').notNull().default(3),
    /** A disabled school's people can no longer sign in; nothing of it is deleted. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** What opening the next year does to each balance (docs/decisions/086-year-end-balances.md). */
    yearEndBalance: text('year_end_balance').$type<BalancePolicy>().notNull().default('carry'),
    yearEndBalanceCap: integer('year_end_balance_cap').notNull().default(0),
    /** The currency's name in this school, plural and one (docs/decisions/109-i18n.md). */
    currencyName: text('currency_name').notNull().default('Merits'),
    currencyNameOne: text('currency_name_one').notNull().default('Merit'),
    /** Its Spanish names; null follows the English ones (currencyNames, packages/domain/src/currency.ts). */
    currencyNameEs: text('currency_name_es'),
    currencyNameOneEs: text('currency_name_one_es'),
    createdAt: createdAt(),
  },
  (t) => [index('schools_district').on(t.districtId)],
);

/** The first start's one-time setup code, kept only as a hash; one row at most. */
export const setupCodes = pgTable('setup_codes', {
  id: integer('id').primaryKey().default(1),
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    id: id(),
    externalId: text('external_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gradeLevel: text('grade_level'),
    house: text('house'),
    /** Activity type ids pinned as one-click buttons on the class page. */
    powerActions: uuid('power_actions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Left the school (the top grade when a year opens): signs in no more, keeps its history. */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The language chosen on /profile ('en', 'es'); null follows the browser. */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('users_school_grade').on(t.schoolId, t.gradeLevel),
    index('users_school_house').on(t.schoolId, t.house),
    uniqueIndex('users_school_external').on(t.schoolId, t.externalId),
  ],
);

/** Sign-in names are global (login has no school field), so credentials live apart from users. */
export const credentials = pgTable('credentials', {
  username: text('username').primaryKey(),
  schoolId: uuid('school_id').notNull(),
  userId: uuid('user_id').notNull(),
  passwordHash: text('password_hash').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_expiry').on(t.expiresAt)],
);

/**
 * Browsers a person has signed in from (docs/decisions/126-device-cookies.md): a random token in the
 * browser's cookie, kept hashed here with the sign-in name it vouches for. A correct secret from
 * such a browser is checked even while its address is refused.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    schoolId: uuid('school_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    /** The sign-in name the browser used: a user name, or `school:<code>` for a school token. */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.tokenHash] }),
    index('sign_in_devices_user').on(t.schoolId, t.userId),
  ],
);

/**
 * A student's printed sign-in card (docs/decisions/133-sign-in-cards.md): one live card a student,
 * replaced at each printing; only the SHA-256 of its normalized code is kept. A sign-in finds the
 * card by that hash before the school is known (the plain index).
 */
export const signInCards = pgTable(
  'sign_in_cards',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    index('sign_in_cards_code').on(t.codeHash),
  ],
);

/**
 * Rate-limit counters (src/lib/rate-limit.ts): one row per key and window length, holding the
 * current window's start and its hits, updated atomically with INSERT … ON CONFLICT DO UPDATE.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowSeconds] })],
);

export const houses = pgTable(
  'houses',
  {
    schoolId: uuid('school_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);

export const periods = pgTable(
  'periods',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    name: text('name').notNull().default(''),
    teacherId: uuid('teacher_id').notNull(),
    externalTeacherId: text('external_teacher_id').notNull(),
    coTeachers: text('co_teachers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    periodNumber: integer('period_number').notNull(),
    sectionNumbers: text('section_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The OneRoster class sourcedId of a period a roster import made (null: made by hand). */
    sourceId: text('source_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('periods_source')
      .on(t.schoolId, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

export const periodStudents = pgTable(
  'period_students',
  {
    schoolId: uuid('school_id').notNull(),
    periodId: uuid('period_id').notNull(),
    studentId: uuid('student_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.periodId, t.studentId] }),
    index('period_students_student').on(t.schoolId, t.studentId),
  ],
);

/**
 * Contact form messages for a school: a signed-in sender's own, or a visitor's who named the school
 * by code or name. Its admins read them (GET utility/contact).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    userSchool: text('user_school').notNull(),
    userEmail: text('user_email').notNull(),
    userRole: text('user_role').notNull(),
    userMessage: text('user_message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] })],
);

/**
 * A visitor's contact message naming no school of the deployment: kept, but of no school, so
 * read by no school's admins (migration 0027, docs/decisions/127-contact-messages-keyed-by-school.md).
 */
export const unmatchedContactMessages = pgTable('unmatched_contact_messages', {
  id: id().primaryKey(),
  userName: text('user_name').notNull(),
  userSchool: text('user_school').notNull(),
  userEmail: text('user_email').notNull(),
  userRole: text('user_role').notNull(),
  userMessage: text('user_message').notNull(),
  createdAt: createdAt(),
});

/** Configuration entries; scope is 'global' or a school id. */
export const configurations = pgTable(
  'configurations',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: text('value'),
    valueObject: jsonb('value_object'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** One row per school year; the demo and new schools get the year that contains today. */
export const schoolYears = pgTable(
  'school_years',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    givingStartDate: date('giving_start_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('school_years_span').on(t.schoolId, t.startDate, t.endDate),
  ],
);

export const holidays = pgTable(
  'holidays',
  {
    schoolId: uuid('school_id').notNull(),
    date: date('date').notNull(),
    name: text('name').notNull().default('Holiday'),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.date] })],
);

/** Bonuses, flags and the rest a school gives; TEACHER_CUSTOM_ACTION rows belong to one teacher. */
export const activityTypes = pgTable(
  'activity_types',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    name: text('name').notNull(),
    category: text('category').$type<ActivityCategory>().notNull(),
    points: integer('points').notNull(),
    type: text('type').notNull().default('SCHOOL_ACTION'),
    ownerId: uuid('owner_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('activity_types_owner').on(t.schoolId, t.ownerId),
  ],
);

/** The ledger of points: one row per student per activity given. */
export const activities = pgTable(
  'activities',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    studentId: uuid('student_id').notNull(),
    activityTypeId: uuid('activity_type_id').notNull(),
    activityType: text('activity_type').notNull(),
    category: text('category').$type<EntryCategory>().notNull(),
    points: integer('points').notNull(),
    comment: text('comment').notNull().default(''),
    date: date('date').notNull(),
    internalPeriodId: uuid('internal_period_id'),
    groupId: uuid('group_id'),
    giveId: uuid('give_id').notNull(),
    givenBy: uuid('given_by'),
    /** On a flag: the day's Daily Behavior points (≤ 0) it took back, the daily run having given them already. */
    behaviorTakenBack: integer('behavior_taken_back').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('activities_student_date').on(t.schoolId, t.studentId, t.date),
    index('activities_date').on(t.schoolId, t.date),
    index('activities_period_date').on(t.schoolId, t.internalPeriodId, t.date),
    index('activities_giver').on(t.schoolId, t.givenBy, t.date),
  ],
);

/** Who changed which activity, and how. */
export const activityAudit = pgTable(
  'activity_audit',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    activityId: uuid('activity_id').notNull(),
    action: text('action').notNull(),
    changedBy: uuid('changed_by'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('activity_audit_activity').on(t.schoolId, t.activityId),
  ],
);

/** A student's balance, changed only in the transaction that writes the ledger row behind it. */
export const wallets = pgTable(
  'wallets',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    totalEarned: bigint('total_earned', { mode: 'number' }).notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] })],
);

/** Per student, day and category: what reports read instead of scanning the ledger. */
export const dailyRollup = pgTable(
  'daily_rollup',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date').notNull(),
    category: text('category').notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.date, t.category] }),
    index('daily_rollup_date').on(t.schoolId, t.date),
  ],
);

export const absences = pgTable(
  'absences',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.date] }),
    index('absences_date').on(t.schoolId, t.date),
  ],
);

/** Marks a (school, date) whose daily attendance and behaviour points were given: the job's idempotency key. */
export const dailyRuns = pgTable(
  'daily_runs',
  {
    schoolId: uuid('school_id').notNull(),
    date: date('date').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    studentsAttendance: integer('students_attendance').notNull().default(0),
    studentsBehavior: integer('students_behavior').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.date] })],
);

export const groupTypes = pgTable(
  'group_types',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    name: text('name').notNull(),
    internalPeriodId: uuid('internal_period_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('group_types_period').on(t.schoolId, t.internalPeriodId),
  ],
);

export const groups = pgTable(
  'groups',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    groupTypeId: uuid('group_type_id').notNull(),
    name: text('name').notNull(),
    studentIds: uuid('student_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('groups_type').on(t.schoolId, t.groupTypeId),
  ],
);

/* ---- the store (issue 9) ---- */

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

/**
 * Idempotency-Key of a call that changes points (a purchase, a give, an edit or removal, an
 * absence; docs/decisions/062-idempotency-key-for-every-points-change.md), per school and user: the first request with a key writes its row in the
 * transaction that changes the points (a retry meanwhile waits on the key, then reads the answer
 * kept here); the request's hash tells a retry from another request with the same key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.key] }),
    index('idempotency_keys_created').on(t.createdAt),
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
 * A short-lived right to upload one product image (GET utility/upload-url/{id}): the URL carries a
 * random token whose hash is kept here; the upload uses it once before it expires.
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    imageId: uuid('image_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('upload_grants_expiry').on(t.expiresAt)],
);

/**
 * Every kept product picture (/uploads/{school_id}/{id}.webp), written when its upload is accepted:
 * what an image of a product may name, what counts against the school's quota, and what the
 * cleanup job removes once no product uses it, a day after its upload. user_id is null for
 * pictures kept before this table (bytes 0, unknown).
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    schoolId: uuid('school_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('uploaded_images_created').on(t.createdAt),
  ],
);

/* ---- settings (issue 10) ---- */

/** Every change of a user's roles (PUT settings/users/roles/{id}): who changed whose, from what to what. */
export const roleAudit = pgTable(
  'role_audit',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    userId: uuid('user_id').notNull(),
    changedBy: uuid('changed_by'),
    before: text('before').array().notNull(),
    after: text('after').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('role_audit_user').on(t.schoolId, t.userId, t.at),
  ],
);

/**
 * Survey answers (docs/spec.md section 9): one row per user and survey; `answer` null while the
 * user has only dismissed it, `at` the last dismissal or the answer by the app's clock
 * (docs/decisions/134-surveys-never-in-the-way.md). Per school, like everything else.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    survey: text('survey').notNull(),
    answer: text('answer'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.survey] }),
    index('survey_answers_survey').on(t.schoolId, t.survey),
  ],
);

/* ---- Reports (migration 0007_reports) ---- */

/**
 * Per giver, day and category: what the teacher usage report reads instead of scanning the ledger.
 * Kept by applyLedger in the same statement as each give, edit and delete (activities with a giver).
 */
export const giverRollup = pgTable(
  'giver_rollup',
  {
    schoolId: uuid('school_id').notNull(),
    giverId: uuid('giver_id').notNull(),
    date: date('date').notNull(),
    category: text('category').notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.giverId, t.date, t.category] }),
    index('giver_rollup_date').on(t.schoolId, t.date),
  ],
);

/**
 * Per student, month (its first day) and category: the daily rollup summed by month, so a year's
 * report reads about twenty times fewer rows. Kept by applyLedger in the same statement.
 */
export const monthlyRollup = pgTable(
  'monthly_rollup',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    month: date('month').notNull(),
    category: text('category').notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.month, t.category] }),
    index('monthly_rollup_month').on(t.schoolId, t.month),
  ],
);

/** The period of an activity given outside a class (admin giving, groups): the giver × student rollup's key needs a value. */
export const NO_PERIOD = '00000000-0000-0000-0000-000000000000';

/**
 * Per giver, month (its first day), student, period (NO_PERIOD outside a class) and category
 * (migration 0011_giving): "to whom" in teacher usage, and what was given in a class for the class
 * reports. By month because a daily one would be as large as the ledger: the days around whole
 * months are read from the activities by their giver and period indexes (docs/decisions/043-reports-read-rollups.md). Kept by
 * applyLedger in the same statement as each give, edit and delete (activities with a giver).
 */
export const giverStudentMonthly = pgTable(
  'giver_student_monthly',
  {
    schoolId: uuid('school_id').notNull(),
    giverId: uuid('giver_id').notNull(),
    month: date('month').notNull(),
    studentId: uuid('student_id').notNull(),
    periodId: uuid('period_id').notNull(),
    category: text('category').notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'giver_student_monthly_pk',
      columns: [t.schoolId, t.giverId, t.month, t.studentId, t.periodId, t.category],
    }),
    index('giver_student_monthly_period').on(t.schoolId, t.periodId, t.month),
  ],
);

/* ---- roster import (issue 11) ---- */

/**
 * The people a OneRoster import manages (users.external_id is their sourcedId). Only they leave
 * when the files no longer name them: left_at is set and they are unenrolled, never deleted.
 */
export const rosterUsers = pgTable(
  'roster_users',
  {
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

/** One roster import: running, then done (with what it did) or failed (nothing written). */
export const rosterImports = pgTable(
  'roster_imports',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    startedBy: uuid('started_by'),
    total: integer('total').notNull().default(0),
    summary: jsonb('summary'),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('roster_imports_created').on(t.schoolId, t.createdAt),
  ],
);

/* ---------- Identity: SSO, school tokens, invitations and password resets (issue 11) ---------- */

/**
 * A school's OpenID Connect client at one identity provider (Clever, ClassLink). The secret is
 * kept to send to the provider and never answered back; `userIdClaim` names the claim of the id
 * token that holds the user's provider id (matched against users.external_id).
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    schoolId: uuid('school_id').notNull(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    userIdClaim: text('user_id_claim').notNull().default('sub'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.provider] })],
);

/**
 * A single-use SSO `state` (GET auth/login/sso/state): its hash, the browser it was given to (the
 * hash of a cookie), the PKCE verifier and nonce, used once before it expires.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    schoolId: uuid('school_id').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_states_expiry').on(t.expiresAt)],
);

/** A school token (POST auth/login/school): signs in as its user; only its hash and last four characters are kept. */
export const schoolTokens = pgTable(
  'school_tokens',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    tokenHash: text('token_hash').notNull(),
    lastFour: text('last_four').notNull(),
    label: text('label').notNull().default(''),
    userId: uuid('user_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    /** Sign-in with a token names its school's code too (POST auth/login/school). */
    uniqueIndex('school_tokens_hash').on(t.schoolId, t.tokenHash),
  ],
);

/**
 * A single-use link: an invitation to choose a password (`setup`, 7 days), a reset (`reset`, 1
 * hour), or a guardian's e-mailed sign-in (`signin`, 15 minutes: docs/decisions/115-guardians.md).
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'setup' | 'reset' | 'signin'>().notNull(),
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** An invitation: whether its mail went out (docs/decisions/132-invitations-without-mail.md). */
    mailed: boolean('mailed').notNull().default(true),
    /**
     * An invitation not mailed: its token sealed under SECRETS_KEY (lib/secrets.ts) so its asker
     * can copy the link again; null once used or replaced, and when there was no key to seal with.
     */
    sealedToken: text('sealed_token'),
  },
  (t) => [
    index('password_links_user').on(t.schoolId, t.userId),
    index('password_links_expiry').on(t.expiresAt),
  ],
);

/* ---- school years (issue 19) ---- */

/**
 * One opening of the next school year from `from_year_id` (one per year): its choices, progress
 * and outcome. The new year's row (`to_year_id`) is written with the last step, so the year in
 * force changes only once every student is done (docs/decisions/085-opening-the-next-school-year.md).
 */
export const yearOpenings = pgTable(
  'year_openings',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    fromYearId: uuid('from_year_id').notNull(),
    toYearId: uuid('to_year_id'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    givingStartDate: date('giving_start_date').notNull(),
    balancePolicy: text('balance_policy').$type<BalancePolicy>().notNull(),
    balanceCap: integer('balance_cap').notNull(),
    ordersPolicy: text('orders_policy').$type<OrdersPolicy>().notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('year_openings_from').on(t.schoolId, t.fromYearId),
  ],
);

/** What an opening did to one student: written in the step's transaction, so a re-run skips them. */
export const yearOpeningStudents = pgTable(
  'year_opening_students',
  {
    schoolId: uuid('school_id').notNull(),
    openingId: uuid('opening_id').notNull(),
    studentId: uuid('student_id').notNull(),
    gradeBefore: text('grade_before'),
    gradeAfter: text('grade_after'),
    left: boolean('left').notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    ordersRefunded: integer('orders_refunded').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.openingId, t.studentId] })],
);

/* ---- data out, data gone (issue 19) ---- */

/** Erasing a student (POST settings/users/{id}/erase): the audit trail's row of who erased whom. */
export const userErasures = pgTable(
  'user_erasures',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    userId: uuid('user_id').notNull(),
    erasedBy: uuid('erased_by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('user_erasures_user').on(t.schoolId, t.userId),
  ],
);

/** bytea: both drivers answer bytes (a Buffer on pg, a Uint8Array on PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A data export (POST exports): queued, running (done of total tables), then done with the zip kept
 * here until expires_at (the servers keep no files), or failed. `school_id` is the requester's school.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    scope: text('scope').$type<'school' | 'district'>().notNull(),
    districtId: uuid('district_id'),
    requestedBy: uuid('requested_by'),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    file: bytea('file'),
    fileBytes: integer('file_bytes'),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('data_exports_expiry').on(t.expiresAt),
  ],
);

/**
 * The bytes of every kept picture when no S3_URL names an object store (docs/decisions/098-pictures-in-the-database.md):
 * `name` is the rest of its storage key after the school ('{id}.webp'). Written once per key (a new
 * upload gets a new id), so the servers, the backup and a restore all hold the same pictures.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    schoolId: uuid('school_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);

/* ---- Saving goals (migration 0020_saving_goals) ---- */

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

/* ---- Notifications (migration 0021_notifications) ---- */

/**
 * A student's notifications in the app (docs/decisions/108-notifications.md), written with the give
 * or order move behind them; `id` only grows, so marking read "up to" an id marks what was seen.
 */
export const notifications = pgTable(
  'notifications',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    points: integer('points').notNull().default(0),
    detail: text('detail').notNull().default(''),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId, t.id] })],
);

/* ---- Guardians (migration 0023_guardians) ---- */

/**
 * A guardian's children (docs/decisions/115-guardians.md): the students a GUARDIAN user may read,
 * and nothing else. Both ends are users of the same school; erasing either ends the link.
 */
export const guardianStudents = pgTable(
  'guardian_students',
  {
    schoolId: uuid('school_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    studentId: uuid('student_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.guardianId, t.studentId] }),
    index('guardian_students_student').on(t.schoolId, t.studentId),
    foreignKey({
      name: 'guardian_students_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'guardian_students_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The unsubscribe links of the weekly digest mails: one per mail sent, found by the hash of its
 * token (the token names its school, so the key leads with school_id), kept 90 days.
 */
export const guardianDigestLinks = pgTable(
  'guardian_digest_links',
  {
    schoolId: uuid('school_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.tokenHash] }),
    index('guardian_digest_links_created').on(t.createdAt),
    foreignKey({
      name: 'guardian_digest_links_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Guardians who unsubscribed from the weekly digest (one click in its mail). */
export const guardianDigestOptouts = pgTable(
  'guardian_digest_optouts',
  {
    schoolId: uuid('school_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.guardianId] }),
    foreignKey({
      name: 'guardian_digest_optouts_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);
