CREATE TABLE "giver_rollup" (
	"school_id" uuid NOT NULL,
	"giver_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giver_rollup_school_id_giver_id_date_category_pk" PRIMARY KEY("school_id","giver_id","date","category")
);
--> statement-breakpoint
CREATE INDEX "giver_rollup_date" ON "giver_rollup" USING btree ("school_id","date");
--> statement-breakpoint
INSERT INTO "giver_rollup" ("school_id", "giver_id", "date", "category", "points", "count")
SELECT "school_id", "given_by", "date", "category", sum("points"), count(*) FROM "activities" WHERE "given_by" IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TABLE "monthly_rollup" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monthly_rollup_school_id_student_id_month_category_pk" PRIMARY KEY("school_id","student_id","month","category")
);
--> statement-breakpoint
CREATE INDEX "monthly_rollup_month" ON "monthly_rollup" USING btree ("school_id","month");
--> statement-breakpoint
INSERT INTO "monthly_rollup" ("school_id", "student_id", "month", "category", "earned", "spent", "count")
SELECT "school_id", "student_id", date_trunc('month', "date")::date, "category", sum("earned"), sum("spent"), sum("count") FROM "daily_rollup" GROUP BY 1, 2, 3, 4;
