-- PBIS (issue 34). The school's settings: the target ratio of positive to corrective feedback (1
-- to 20), the window a giver's ratio is counted over (a report range's word), the school days after
-- which a student counts as not recognised, and the staff it names PBIS coordinators (who read the
-- fairness report: reports:equity in packages/domain/src/policy.ts).
ALTER TABLE "schools" ADD COLUMN "pbis_target_ratio" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "pbis_ratio_window" text DEFAULT 'this-week' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "pbis_recognition_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "pbis_coordinator_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
-- Students' demographics (OneRoster's demographics.csv and the programs a SIS exports): sensitive,
-- every field null when unknown. Keyed by school like every school table; gone with the student.
CREATE TABLE "student_demographics" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"sex" text,
	"american_indian_or_alaska_native" boolean,
	"asian" boolean,
	"black_or_african_american" boolean,
	"native_hawaiian_or_other_pacific_islander" boolean,
	"white" boolean,
	"demographic_race_two_or_more_races" boolean,
	"hispanic_or_latino_ethnicity" boolean,
	"english_learner" boolean,
	"special_education" boolean,
	"section_504" boolean,
	"free_reduced_lunch" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_demographics_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_demographics" ADD CONSTRAINT "student_demographics_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."users"("school_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What nobody gave (the daily points, the year end), by day: the economy report's weekly issuing
-- reads it whole with an index-only scan instead of the rows of a year's daily points.
CREATE INDEX "activities_giverless" ON "activities" USING btree ("school_id","date","category","points") WHERE "activities"."given_by" is null;
--> statement-breakpoint
-- A student's demographics change the fairness report: the school's cached answers are told
-- (docs/decisions/120-answer-cache.md; the triggers of migration 0026, for a table added later).
CREATE TRIGGER "student_demographics_answers_ins" AFTER INSERT ON "student_demographics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_school_rows();
--> statement-breakpoint
CREATE TRIGGER "student_demographics_answers_upd" AFTER UPDATE ON "student_demographics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_school_rows();
--> statement-breakpoint
CREATE TRIGGER "student_demographics_answers_del" AFTER DELETE ON "student_demographics" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_school_rows();
--> statement-breakpoint
CREATE TRIGGER "student_demographics_answers_trunc" AFTER TRUNCATE ON "student_demographics" FOR EACH STATEMENT EXECUTE FUNCTION notify_all_schools();
