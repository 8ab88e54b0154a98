import type { NotificationKind } from '@app/domain';
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* Notifications (migration 0021_notifications). */

/**
 * A student's notifications in the app (docs/decisions/108-notifications.md), written with the give
 * or order move behind them; `id` only grows, so marking read "up to" an id marks what was seen.
 */
export const notifications = pgTable(
  'notifications',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    points: integer('points').notNull().default(0),
    detail: text('detail').notNull().default(''),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId, t.id] })],
);
