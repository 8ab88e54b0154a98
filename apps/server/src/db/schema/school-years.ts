import type { BalancePolicy, OrdersPolicy } from '@app/domain';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* Opening the next school year (issue 19). */

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
