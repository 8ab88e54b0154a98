import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* A school's settings and what its admins read: configuration, contact messages, role changes, surveys. */

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
