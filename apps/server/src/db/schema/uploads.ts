import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';

/* Product pictures: upload grants, the kept pictures and their bytes when no object store is set. */

/**
 * A short-lived right to upload one product image (GET utility/upload-url/{id}): the URL carries a
 * random token whose hash is kept here; the upload uses it once before it expires.
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    imageId: uuid('image_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('upload_grants_expiry').on(t.expiresAt)],
);

/**
 * Every kept product picture (/uploads/{school_id}/{id}.webp), written when its upload is accepted:
 * what an image of a product may name, what counts against the school's quota, and what the
 * cleanup job removes once no product uses it, a day after its upload. user_id is null for
 * pictures kept before this table (bytes 0, unknown).
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    schoolId: uuid('school_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('uploaded_images_created').on(t.createdAt),
  ],
);

/**
 * The bytes of every kept picture when no S3_URL names an object store (docs/decisions/098-pictures-in-the-database.md):
 * `name` is the rest of its storage key after the school ('{id}.webp'). Written once per key (a new
 * upload gets a new id), so the servers, the backup and a restore all hold the same pictures.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    schoolId: uuid('school_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);
