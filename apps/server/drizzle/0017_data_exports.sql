-- Erasing a student (POST settings/users/{id}/erase) leaves this row in the audit trail: who erased whom, when.
CREATE TABLE "user_erasures" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"erased_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_erasures_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_erasures_user" ON "user_erasures" USING btree ("school_id","user_id");
--> statement-breakpoint
-- A data export (POST exports): a job fills it with progress, then the zip itself, kept in the
-- database (servers keep no files) until expires_at, when the hourly cleanup deletes the row.
CREATE TABLE "data_exports" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"district_id" uuid,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"file" bytea,
	"file_bytes" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_id" ON "data_exports" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "data_exports_expiry" ON "data_exports" USING btree ("expires_at");
