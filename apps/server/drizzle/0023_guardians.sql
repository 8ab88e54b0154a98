-- Guardians (docs/decisions/115-guardians.md): a GUARDIAN user reads the students linked here and
-- nothing else. Keys lead with school_id; both ends reference users of the same school.
CREATE TABLE "guardian_students" (
	"school_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_students_school_id_guardian_id_student_id_pk" PRIMARY KEY("school_id","guardian_id","student_id")
);
--> statement-breakpoint
CREATE INDEX "guardian_students_student" ON "guardian_students" USING btree ("school_id","student_id");--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_guardian_fk" FOREIGN KEY ("school_id","guardian_id") REFERENCES "public"."users"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."users"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The weekly digest's unsubscribe links, one per mail (the token names its school), and who left.
CREATE TABLE "guardian_digest_links" (
	"school_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"guardian_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_digest_links_school_id_token_hash_pk" PRIMARY KEY("school_id","token_hash")
);
--> statement-breakpoint
CREATE INDEX "guardian_digest_links_created" ON "guardian_digest_links" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "guardian_digest_links" ADD CONSTRAINT "guardian_digest_links_guardian_fk" FOREIGN KEY ("school_id","guardian_id") REFERENCES "public"."users"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "guardian_digest_optouts" (
	"school_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_digest_optouts_school_id_guardian_id_pk" PRIMARY KEY("school_id","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "guardian_digest_optouts" ADD CONSTRAINT "guardian_digest_optouts_guardian_fk" FOREIGN KEY ("school_id","guardian_id") REFERENCES "public"."users"("school_id","id") ON DELETE cascade ON UPDATE no action;
