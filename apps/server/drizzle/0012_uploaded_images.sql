CREATE TABLE "uploaded_images" (
	"school_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE INDEX "uploaded_images_created" ON "uploaded_images" USING btree ("created_at");
--> statement-breakpoint
-- A product's image is now a picture uploaded for its school, or none: any other text goes.
UPDATE "products" SET "image" = NULL
WHERE "image" IS NOT NULL
  AND "image" !~ ('^/uploads/' || "school_id"::text || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$');
--> statement-breakpoint
-- Pictures products already use are known from now on (their size was not kept: 0).
INSERT INTO "uploaded_images" ("school_id", "id", "user_id", "bytes")
SELECT DISTINCT "school_id", substring("image" from '([0-9a-f-]{36})\.webp$')::uuid, NULL::uuid, 0
FROM "products" WHERE "image" IS NOT NULL;
