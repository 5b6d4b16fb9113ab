CREATE TABLE "hold_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"max_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"hold_type_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"placed_by_id" integer,
	"placed_by_name" text NOT NULL,
	CONSTRAINT "learner_holds_dates_check" CHECK ("learner_holds"."end_date" >= "learner_holds"."start_date")
);
--> statement-breakpoint
ALTER TABLE "learner_holds" ADD CONSTRAINT "learner_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_holds" ADD CONSTRAINT "learner_holds_hold_type_id_hold_types_id_fk" FOREIGN KEY ("hold_type_id") REFERENCES "public"."hold_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_holds" ADD CONSTRAINT "learner_holds_placed_by_id_users_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hold_types_name_unique" ON "hold_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "learner_holds_user_idx" ON "learner_holds" USING btree ("user_id","end_date");