import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* The books beside the activities: wallets and the rollups reports read, kept in the same transaction; the idempotency keys of calls that change points. */

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
