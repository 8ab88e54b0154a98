-- Issue 35, the hallway and the counter.
-- A student's badge code (docs/decisions/139-badges-and-counter.md): printed as a QR code on a
-- lanyard badge; it identifies a student to those who may give to them and never signs anyone in,
-- so it is kept as is. One live code a student; replacing a lost badge writes a new one.
CREATE TABLE "student_badges" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "student_badges_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "student_badges_code" ON "student_badges" USING btree ("school_id","code");
--> statement-breakpoint
-- A store volunteer's cashier code: made by a store manager, at most five hours, revocable. Only the
-- SHA-256 of the normalized code is kept; a sign-in finds it by that hash before the school is
-- known (the plain index). `user_id` is the CASHIER account the code signs in as.
CREATE TABLE "cashier_codes" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_codes_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE INDEX "cashier_codes_code" ON "cashier_codes" USING btree ("code_hash");
--> statement-breakpoint
-- The code of a CASHIER account, read with every look-up of its session (it ends with the code).
CREATE INDEX "cashier_codes_user" ON "cashier_codes" USING btree ("school_id","user_id");
