import { sql } from 'drizzle-orm';
import {
  boolean,
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
 * so the schema distributes on school_id (see DESIGN.md section 2).
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const schools = pgTable('schools', {
  id: id().primaryKey(),
  externalId: text('external_id').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
  teacherToolboxLink: text('teacher_toolbox_link'),
  hasHouseSystem: boolean('has_house_system').notNull().default(false),
  isHouseSystemConfigured: boolean('is_house_system_configured').notNull().default(false),
  storeModel: text('store_model').notNull().default('Pickup'),
  schoolType: text('school_type').notNull().default(''),
  canTeacherGiveAll: boolean('can_teacher_give_all'),
  canNonAdminCreateCustomActions: boolean('can_non_admin_create_custom_actions').notNull().default(true),
  adminFlagPoints: integer('admin_flag_points').notNull().default(-5),
  nonAdminFlagPoints: integer('non_admin_flag_points').notNull().default(-3),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    schoolId: uuid('school_id').notNull().references(() => schools.id),
    id: id(),
    externalId: text('external_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    gradeLevel: text('grade_level'),
    house: text('house'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('users_school_external').on(t.schoolId, t.externalId),
    uniqueIndex('users_id').on(t.id),
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

/** Failed sign-ins, counted per user name and per address for rate limiting. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id().primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at').on(t.key, t.at)],
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
    coTeachers: text('co_teachers').array().notNull().default(sql`'{}'::text[]`),
    periodNumber: integer('period_number').notNull(),
    sectionNumbers: text('section_numbers').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] }), uniqueIndex('periods_id').on(t.id)],
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

export const contactMessages = pgTable('contact_messages', {
  id: id().primaryKey(),
  schoolId: uuid('school_id'),
  userId: uuid('user_id'),
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
