import {
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

/* Roster import (issue 11). */

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
