-- A student's notifications in the app (docs/decisions/108-notifications.md), written in the
-- transaction of the give or order move behind them. The id only grows, so "read up to id" marks
-- exactly what the student saw; one key serves the list, the unread count and marking read.
CREATE TABLE "notifications" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"kind" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_school_id_student_id_id_pk" PRIMARY KEY("school_id","student_id","id")
);
