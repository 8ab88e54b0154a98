-- The currency's Spanish names (docs/decisions/113-currency-name-setting.md): null follows the
-- English ones ("Méritos" and "Mérito" while those are "Merits" and "Merit", else the same words).
ALTER TABLE "schools" ADD COLUMN "currency_name_es" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency_name_one_es" text;
