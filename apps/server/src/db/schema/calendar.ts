import { date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/* The calendar: school years and holidays. */

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
