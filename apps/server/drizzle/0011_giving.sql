CREATE TABLE "giver_student_monthly" (
	"school_id" uuid NOT NULL,
	"giver_id" uuid NOT NULL,
	"month" date NOT NULL,
	"student_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"category" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giver_student_monthly_pk" PRIMARY KEY("school_id","giver_id","month","student_id","period_id","category")
);
--> statement-breakpoint
CREATE INDEX "giver_student_monthly_period" ON "giver_student_monthly" USING btree ("school_id","period_id","month");
--> statement-breakpoint
INSERT INTO "giver_student_monthly" ("school_id", "giver_id", "month", "student_id", "period_id", "category", "points", "count")
SELECT "school_id", "given_by", date_trunc('month', "date")::date, "student_id", coalesce("internal_period_id", '00000000-0000-0000-0000-000000000000'::uuid), "category", sum("points"), count(*)
FROM "activities" WHERE "given_by" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
