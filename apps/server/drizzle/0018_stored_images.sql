-- The bytes of the kept pictures, in the database unless S3_URL names an object store
-- (docs/decisions/098-pictures-in-the-database.md): every server serves them, and a backup holds them.
CREATE TABLE "stored_images" (
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_images_school_id_name_pk" PRIMARY KEY("school_id","name")
);
