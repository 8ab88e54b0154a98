CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_seconds" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_seconds_pk" PRIMARY KEY("key","window_seconds")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;