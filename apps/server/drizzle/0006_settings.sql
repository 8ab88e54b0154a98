CREATE TABLE "role_audit" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"changed_by" uuid,
	"before" text[] NOT NULL,
	"after" text[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_audit_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE INDEX "role_audit_user" ON "role_audit" USING btree ("school_id","user_id","at");