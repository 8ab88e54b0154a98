CREATE TABLE "sso_configs" (
	"school_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"user_id_claim" text DEFAULT 'sub' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_configs_school_id_provider_pk" PRIMARY KEY("school_id","provider")
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"school_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sso_states_expiry" ON "sso_states" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "school_tokens" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "school_tokens_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "school_tokens_id" ON "school_tokens" USING btree ("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "school_tokens_hash" ON "school_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE TABLE "password_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "password_links_user" ON "password_links" USING btree ("school_id","user_id");
--> statement-breakpoint
CREATE INDEX "password_links_expiry" ON "password_links" USING btree ("expires_at");
