-- A student's saving goal (docs/decisions/107-saving-goals.md): one product at a time, so the
-- student is the key. `ended` says why the server unpinned it (bought, soldOut, gone); the row
-- then stays as the note the home page shows until the student dismisses it or pins another.
CREATE TABLE "saving_goals" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "saving_goals_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
