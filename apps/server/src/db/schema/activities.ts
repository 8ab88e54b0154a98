import { sql } from 'drizzle-orm';
import type { ActivityCategory, EntryCategory } from '@app/domain';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* What a school gives: activity types, the activities given, their audit, absences and the daily points' runs. */

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
    periodId: uuid('internal_period_id'),
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
    index('activities_period_date').on(t.schoolId, t.periodId, t.date),
    index('activities_giver').on(t.schoolId, t.givenBy, t.date),
    // What nobody gave (the daily points, the year end) by day, read whole by the economy report
    // (issue 34, migration 0032): only those rows, and every column it reads, so an index-only scan.
    index('activities_giverless')
      .on(t.schoolId, t.date, t.category, t.points)
      .where(sql`${t.givenBy} is null`),
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
