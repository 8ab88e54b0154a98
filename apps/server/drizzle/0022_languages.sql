-- Two languages and a currency named by each school (docs/decisions/109-i18n.md): a user's own
-- choice of language (null follows the browser) and the school's currency name, plural and one.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("language" IS NULL OR "language" IN ('en', 'es'));--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency_name" text DEFAULT 'Merits' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency_name_one" text DEFAULT 'Merit' NOT NULL;
