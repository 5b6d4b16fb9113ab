CREATE TABLE "isa_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"salary_percent" numeric(5, 2) NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"monthly_cap_minor" integer NOT NULL,
	"total_cap_minor" integer NOT NULL,
	"duration_months" integer NOT NULL,
	"minimum_salary_minor" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "isa_types_caps_check" CHECK ("isa_types"."monthly_cap_minor" >= 0 and "isa_types"."total_cap_minor" >= "isa_types"."monthly_cap_minor"),
	CONSTRAINT "isa_types_percent_check" CHECK ("isa_types"."salary_percent" > 0 and "isa_types"."salary_percent" <= 50)
);
--> statement-breakpoint
CREATE TABLE "learner_isas" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"isa_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_id" integer,
	"assigned_by_name" text,
	"document_deadline" date NOT NULL,
	"expiry_date" date NOT NULL,
	"document_key" text,
	"document_name" text,
	"document_type" text,
	"document_size" integer,
	"document_uploaded_at" timestamp with time zone,
	"video_key" text,
	"video_name" text,
	"video_type" text,
	"video_size" integer,
	"video_uploaded_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by_name" text,
	"reason" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"user_id" integer,
	"created_by_id" integer,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "source" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_isas" ADD CONSTRAINT "learner_isas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_isas" ADD CONSTRAINT "learner_isas_isa_type_id_isa_types_id_fk" FOREIGN KEY ("isa_type_id") REFERENCES "public"."isa_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_isas" ADD CONSTRAINT "learner_isas_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "isa_types_name_unique" ON "isa_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "learner_isas_current_unique" ON "learner_isas" USING btree ("user_id") WHERE "learner_isas"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "learner_isas_user_idx" ON "learner_isas" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "learner_isas_deadline_idx" ON "learner_isas" USING btree ("document_deadline") WHERE "learner_isas"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "learner_isas_expiry_idx" ON "learner_isas" USING btree ("expiry_date") WHERE "learner_isas"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","id");