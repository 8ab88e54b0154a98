CREATE TABLE "districts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "district_id" uuid;
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- The schools that exist already make one district.
INSERT INTO "districts" ("name") SELECT 'District' WHERE EXISTS (SELECT 1 FROM "schools");
--> statement-breakpoint
UPDATE "schools" SET "district_id" = (SELECT "id" FROM "districts" LIMIT 1);
--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "district_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "districts"("id");
--> statement-breakpoint
CREATE INDEX "schools_district" ON "schools" USING btree ("district_id");
--> statement-breakpoint
-- The first start's one-time setup code (only its hash), one row at most.
CREATE TABLE "setup_codes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
