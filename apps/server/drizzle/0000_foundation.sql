CREATE TABLE "configurations" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"value" text,
	"value_object" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configurations_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_school" text NOT NULL,
	"user_email" text NOT NULL,
	"user_role" text NOT NULL,
	"user_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"username" text PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "houses_school_id_name_pk" PRIMARY KEY("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "period_students" (
	"school_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "period_students_school_id_period_id_student_id_pk" PRIMARY KEY("school_id","period_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"teacher_id" uuid NOT NULL,
	"external_teacher_id" text NOT NULL,
	"co_teachers" text[] DEFAULT '{}'::text[] NOT NULL,
	"period_number" integer NOT NULL,
	"section_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periods_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL,
	"teacher_toolbox_link" text,
	"has_house_system" boolean DEFAULT false NOT NULL,
	"is_house_system_configured" boolean DEFAULT false NOT NULL,
	"store_model" text DEFAULT 'Pickup' NOT NULL,
	"school_type" text DEFAULT '' NOT NULL,
	"can_teacher_give_all" boolean,
	"can_non_admin_create_custom_actions" boolean DEFAULT true NOT NULL,
	"admin_flag_points" integer DEFAULT -5 NOT NULL,
	"non_admin_flag_points" integer DEFAULT -3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"grade_level" text,
	"house" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_key_at" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "period_students_student" ON "period_students" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_id" ON "periods" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sessions_expiry" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_school_external" ON "users" USING btree ("school_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_id" ON "users" USING btree ("id");