-- Every key of a school-scoped table leads with school_id (docs/decisions/103-keys-lead-with-school.md):
-- the unique indexes on `id` alone go (each table's primary key (school_id, id) already holds the
-- row's identity, and every statement names the school), so the tables can be distributed by
-- school_id (a distributed table's unique keys must contain its distribution column).
DROP INDEX IF EXISTS "users_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "periods_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "activity_types_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "group_types_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "groups_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "delivery_dates_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "roster_imports_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "school_tokens_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "year_openings_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "data_exports_id";
--> statement-breakpoint
-- A school token signs in with its school's code (POST auth/login/school), so it is found by
-- (school_id, token_hash); a 256-bit random token is unique anyway.
DROP INDEX IF EXISTS "school_tokens_hash";
--> statement-breakpoint
CREATE UNIQUE INDEX "school_tokens_hash" ON "school_tokens" USING btree ("school_id","token_hash");
