-- School years (issue 19; docs/decisions/085-opening-the-next-school-year.md): the school's balance policy, leavers
-- who sign in no more, and each opening of the next year with what it did per student.
ALTER TABLE "schools" ADD COLUMN "year_end_balance" text DEFAULT 'carry' NOT NULL;
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "year_end_balance_cap" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_at" timestamp with time zone;
--> statement-breakpoint
-- A session carries whether its user has left: leaving forgets every cached session, like the other user columns.
DROP TRIGGER "users_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OF school_id, external_id, first_name, last_name, roles, grade_level, house, left_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TABLE "year_openings" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_year_id" uuid NOT NULL,
	"to_year_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"giving_start_date" date NOT NULL,
	"balance_policy" text NOT NULL,
	"balance_cap" integer NOT NULL,
	"orders_policy" text NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "year_openings_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "year_openings_id" ON "year_openings" USING btree ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "year_openings_from" ON "year_openings" USING btree ("school_id","from_year_id");
--> statement-breakpoint
CREATE TABLE "year_opening_students" (
	"school_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"grade_before" text,
	"grade_after" text,
	"left" boolean NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"orders_refunded" integer NOT NULL,
	CONSTRAINT "year_opening_students_school_id_opening_id_student_id_pk" PRIMARY KEY("school_id","opening_id","student_id")
);
