CREATE TABLE "carts" (
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_school_id_student_id_pk" PRIMARY KEY("school_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_dates" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"cut_off_date" date NOT NULL,
	"grade_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_dates_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_school_id_user_id_key_pk" PRIMARY KEY("school_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "order_items_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"store" text NOT NULL,
	"teacher_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total" integer NOT NULL,
	"date" date NOT NULL,
	"estimated_delivery" date,
	"cut_off_date" date,
	"delivery_location" text,
	"placed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store" text NOT NULL,
	"teacher_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"limit_per_student" integer,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "profile_choices" (
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"font_id" text,
	"icon_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_choices_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"reopen_date" date,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_dates_id" ON "delivery_dates" USING btree ("id");--> statement-breakpoint
CREATE INDEX "delivery_dates_date" ON "delivery_dates" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("school_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_product" ON "order_items" USING btree ("school_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_id" ON "orders" USING btree ("id");--> statement-breakpoint
CREATE INDEX "orders_student" ON "orders" USING btree ("school_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_status" ON "orders" USING btree ("school_id","store","teacher_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "products_id" ON "products" USING btree ("id");--> statement-breakpoint
CREATE INDEX "products_store" ON "products" USING btree ("school_id","store","teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name" ON "products" USING btree ("school_id","store",coalesce("teacher_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "upload_grants_expiry" ON "upload_grants" USING btree ("expires_at");