-- OneRoster import (issue 11): periods remember the class they came from; the people an import manages; the imports.
ALTER TABLE "periods" ADD COLUMN "source_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "periods_source" ON "periods" USING btree ("school_id","source_id") WHERE "periods"."source_id" is not null;
--> statement-breakpoint
CREATE TABLE "roster_users" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"left_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_users_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"started_by" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "roster_imports_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "roster_imports_id" ON "roster_imports" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "roster_imports_created" ON "roster_imports" USING btree ("school_id","created_at");
