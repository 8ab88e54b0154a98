import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* Signing in: global sign-in names, sessions, trusted browsers, sign-in cards and rate limits. */

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

/**
 * Browsers a person has signed in from (docs/decisions/126-device-cookies.md): a random token in the
 * browser's cookie, kept hashed here with the sign-in name it vouches for. A correct secret from
 * such a browser is checked even while its address is refused.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    schoolId: uuid('school_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    /** The sign-in name the browser used: a user name, or `school:<code>` for a school token. */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.tokenHash] }),
    index('sign_in_devices_user').on(t.schoolId, t.userId),
  ],
);

/**
 * A student's printed sign-in card (docs/decisions/133-sign-in-cards.md): one live card a student,
 * replaced at each printing; only the SHA-256 of its normalized code is kept. A sign-in finds the
 * card by that hash before the school is known (the plain index).
 */
export const signInCards = pgTable(
  'sign_in_cards',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    index('sign_in_cards_code').on(t.codeHash),
  ],
);

/**
 * Rate-limit counters (src/lib/rate-limit.ts): one row per key and window length, holding the
 * current window's start and its hits, updated atomically with INSERT … ON CONFLICT DO UPDATE.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowSeconds: integer('window_seconds').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowSeconds] })],
);
