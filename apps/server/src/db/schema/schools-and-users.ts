import { sql } from 'drizzle-orm';
import type { BalancePolicy, PbisRatioWindow } from '@app/domain';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* Districts, their schools and the schools' people; the first start's setup code. */

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
    /** PBIS (issue 34, migration 0032): target ratio, the ratio's window, recognition school days, coordinators' user ids. */
    pbisTargetRatio: integer('pbis_target_ratio').notNull().default(4),
    pbisRatioWindow: text('pbis_ratio_window')
      .$type<PbisRatioWindow>()
      .notNull()
      .default('this-week'),
    pbisRecognitionDays: integer('pbis_recognition_days').notNull().default(10),
    pbisCoordinatorIds: uuid('pbis_coordinator_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
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
