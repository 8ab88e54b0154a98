-- Invitations that always arrive (docs/decisions/132-invitations-without-mail.md): whether an
-- invitation's mail went out and, when not, its token sealed under SECRETS_KEY for its asker.
ALTER TABLE "password_links" ADD COLUMN "mailed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_links" ADD COLUMN "sealed_token" text;
