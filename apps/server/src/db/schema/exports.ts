import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns.js';

/* Data out, data gone (issue 19): data exports and the erasures' audit trail. */

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
