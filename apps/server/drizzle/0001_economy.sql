CREATE TABLE "absences" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_school_id_student_id_date_pk" PRIMARY KEY("school_id","student_id","date")
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"activity_type_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"category" text NOT NULL,
	"points" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"internal_period_id" uuid,
	"group_id" uuid,
	"give_id" uuid NOT NULL,
	"given_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_audit" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changed_by" uuid,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_audit_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_types" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"points" integer NOT NULL,
	"type" text DEFAULT 'SCHOOL_ACTION' NOT NULL,
	"owner_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "daily_rollup" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_rollup_school_id_student_id_date_category_pk" PRIMARY KEY("school_id","student_id","date","category")
);
--> statement-breakpoint
CREATE TABLE "daily_runs" (
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"students_attendance" integer DEFAULT 0 NOT NULL,
	"students_behavior" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_runs_school_id_date_pk" PRIMARY KEY("school_id","date")
);
--> statement-breakpoint
CREATE TABLE "group_types" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"internal_period_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_types_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"student_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "groups_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"school_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text DEFAULT 'Holiday' NOT NULL,
	CONSTRAINT "holidays_school_id_date_pk" PRIMARY KEY("school_id","date")
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"giving_start_date" date NOT NULL,
	CONSTRAINT "school_years_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"total_earned" bigint DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallets_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "admin_flag_points" SET DEFAULT 5;--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "non_admin_flag_points" SET DEFAULT 3;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "power_actions" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "absences_date" ON "absences" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "activities_student_date" ON "activities" USING btree ("school_id","student_id","date");--> statement-breakpoint
CREATE INDEX "activities_date" ON "activities" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "activities_period_date" ON "activities" USING btree ("school_id","internal_period_id","date");--> statement-breakpoint
CREATE INDEX "activities_giver" ON "activities" USING btree ("school_id","given_by","date");--> statement-breakpoint
CREATE INDEX "activity_audit_activity" ON "activity_audit" USING btree ("school_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_types_id" ON "activity_types" USING btree ("id");--> statement-breakpoint
CREATE INDEX "activity_types_owner" ON "activity_types" USING btree ("school_id","owner_id");--> statement-breakpoint
CREATE INDEX "daily_rollup_date" ON "daily_rollup" USING btree ("school_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "group_types_id" ON "group_types" USING btree ("id");--> statement-breakpoint
CREATE INDEX "group_types_period" ON "group_types" USING btree ("school_id","internal_period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_id" ON "groups" USING btree ("id");--> statement-breakpoint
CREATE INDEX "groups_type" ON "groups" USING btree ("school_id","group_type_id");--> statement-breakpoint
CREATE INDEX "school_years_span" ON "school_years" USING btree ("school_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "users_school_grade" ON "users" USING btree ("school_id","grade_level");--> statement-breakpoint
CREATE INDEX "users_school_house" ON "users" USING btree ("school_id","house");