-- Printed sign-in cards of students (docs/decisions/133-sign-in-cards.md): one live card a student,
-- its code kept only as a hash. Found by that hash at sign-in (before the school is known), hence
-- the plain index beside the primary key, which leads with the school like every school table.
CREATE TABLE "sign_in_cards" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "sign_in_cards_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
CREATE INDEX "sign_in_cards_code" ON "sign_in_cards" USING btree ("code_hash");
