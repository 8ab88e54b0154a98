-- Browsers a person has signed in from (docs/decisions/126-device-cookies.md).
CREATE TABLE "sign_in_devices" (
	"school_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_school_id_token_hash_pk" PRIMARY KEY("school_id","token_hash")
);
--> statement-breakpoint
CREATE INDEX "sign_in_devices_user" ON "sign_in_devices" USING btree ("school_id","user_id");
