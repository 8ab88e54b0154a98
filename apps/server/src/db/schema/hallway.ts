import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* The hallway and the counter (issue 35): students' badge codes and store volunteers' cashier codes. */

/**
 * A student's badge code (docs/decisions/139-badges-and-counter.md): printed as a QR code, it
 * identifies a student to those who may give to them and never signs anyone in. One live code a
 * student; replacing a lost badge writes a new one (the old code stops).
 */
export const studentBadges = pgTable(
  'student_badges',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    uniqueIndex('student_badges_code').on(t.schoolId, t.code),
  ],
);

/**
 * A store volunteer's cashier code: at most five hours, revocable; only the SHA-256 of its
 * normalized code is kept, found by that hash at sign-in before the school is known. `userId` is
 * the CASHIER account the code signs in as.
 */
export const cashierCodes = pgTable(
  'cashier_codes',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    label: text('label').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('cashier_codes_code').on(t.codeHash),
    index('cashier_codes_user').on(t.schoolId, t.userId),
  ],
);
