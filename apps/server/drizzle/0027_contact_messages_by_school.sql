-- contact_messages leads its primary key with school_id, like every school table
-- (docs/decisions/127-contact-messages-keyed-by-school.md, docs/decisions/103-keys-lead-with-school.md).
-- A visitor's message that named no school of the deployment had a null school_id: such messages
-- move to unmatched_contact_messages, a table of no school (read by no school's admins, as before),
-- and school_id becomes required.
CREATE TABLE "unmatched_contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text NOT NULL,
	"user_school" text NOT NULL,
	"user_email" text NOT NULL,
	"user_role" text NOT NULL,
	"user_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "unmatched_contact_messages" ("id", "user_name", "user_school", "user_email", "user_role", "user_message", "created_at")
	SELECT "id", "user_name", "user_school", "user_email", "user_role", "user_message", "created_at"
	FROM "contact_messages" WHERE "school_id" IS NULL;
--> statement-breakpoint
DELETE FROM "contact_messages" WHERE "school_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_pkey";
--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_school_id_id_pk" PRIMARY KEY ("school_id", "id");
