import { timestamp, uuid, customType } from 'drizzle-orm/pg-core';

/*
 * Multi-tenant by school: every school-scoped table carries school_id and leads its keys with it,
 * so the schema distributes on school_id (see docs/architecture.md section 3).
 */

export const id = () => uuid('id').notNull().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** bytea: both drivers answer bytes (a Buffer on pg, a Uint8Array on PGlite). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
