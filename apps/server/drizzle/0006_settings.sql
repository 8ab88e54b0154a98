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
CREATE INDEX "role_audit_user" ON "role_audit" USING btree ("school_id","user_id","at");--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"survey" text NOT NULL,
	"answer" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_school_id_user_id_survey_pk" PRIMARY KEY("school_id","user_id","survey")
);
--> statement-breakpoint
CREATE INDEX "survey_answers_survey" ON "survey_answers" USING btree ("school_id","survey");
