import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './schools-and-users.js';

/* Guardians (migration 0023_guardians): their children and the weekly digest's links and opt-outs. */

/**
 * A guardian's children (docs/decisions/115-guardians.md): the students a GUARDIAN user may read,
 * and nothing else. Both ends are users of the same school; erasing either ends the link.
 */
export const guardianStudents = pgTable(
  'guardian_students',
  {
    schoolId: uuid('school_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    studentId: uuid('student_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.guardianId, t.studentId] }),
    index('guardian_students_student').on(t.schoolId, t.studentId),
    foreignKey({
      name: 'guardian_students_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'guardian_students_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The unsubscribe links of the weekly digest mails: one per mail sent, found by the hash of its
 * token (the token names its school, so the key leads with school_id), kept 90 days.
 */
export const guardianDigestLinks = pgTable(
  'guardian_digest_links',
  {
    schoolId: uuid('school_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.tokenHash] }),
    index('guardian_digest_links_created').on(t.createdAt),
    foreignKey({
      name: 'guardian_digest_links_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Guardians who unsubscribed from the weekly digest (one click in its mail). */
export const guardianDigestOptouts = pgTable(
  'guardian_digest_optouts',
  {
    schoolId: uuid('school_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.guardianId] }),
    foreignKey({
      name: 'guardian_digest_optouts_guardian_fk',
      columns: [t.schoolId, t.guardianId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);
