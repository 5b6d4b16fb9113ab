CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"mentor_id" integer NOT NULL,
	"interview_type" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"meeting_link" text,
	"notes" text,
	"overall_rating" integer,
	"communication" integer,
	"coding" integer,
	"explanation" integer,
	"punctuality" integer,
	"technical_knowledge" integer,
	"feedback" text,
	"rated_by_id" integer,
	"rated_by_name" text,
	"rated_at" timestamp with time zone,
	"created_by_id" integer,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('Scheduled', 'Completed', 'Cancelled', 'Missed')),
	CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" between 15 and 240),
	CONSTRAINT "appointments_ratings_check" CHECK (("appointments"."overall_rating" is null or "appointments"."overall_rating" between 0 and 10)
        and ("appointments"."communication" is null or "appointments"."communication" between 0 and 5)
        and ("appointments"."coding" is null or "appointments"."coding" between 0 and 5)
        and ("appointments"."explanation" is null or "appointments"."explanation" between 0 and 5)
        and ("appointments"."punctuality" is null or "appointments"."punctuality" between 0 and 5)
        and ("appointments"."technical_knowledge" is null or "appointments"."technical_knowledge" between 0 and 5)),
	CONSTRAINT "appointments_rated_check" CHECK (("appointments"."rated_at" is null) = ("appointments"."overall_rating" is null)
        and ("appointments"."overall_rating" is null) = ("appointments"."communication" is null)
        and ("appointments"."overall_rating" is null) = ("appointments"."coding" is null)
        and ("appointments"."overall_rating" is null) = ("appointments"."explanation" is null)
        and ("appointments"."overall_rating" is null) = ("appointments"."punctuality" is null)
        and ("appointments"."overall_rating" is null) = ("appointments"."technical_knowledge" is null))
);
--> statement-breakpoint
CREATE TABLE "call_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"duration_minutes" integer,
	"notes" text,
	"called_by_id" integer,
	"called_by_name" text NOT NULL,
	CONSTRAINT "call_history_outcome_check" CHECK ("call_history"."outcome" in ('Connected', 'Not answered', 'Busy', 'Switched off', 'Wrong number', 'Call back later')),
	CONSTRAINT "call_history_duration_check" CHECK ("call_history"."duration_minutes" is null or "call_history"."duration_minutes" between 0 and 600)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer,
	"name" text,
	"email" text,
	"mobile" text,
	"owner_id" integer,
	"status" text DEFAULT 'Follow up' NOT NULL,
	"follow_up_date" date,
	"follow_up_reason" text,
	"rejection_reason" text,
	"rejection_sub_reason" text,
	"source" integer DEFAULT 2 NOT NULL,
	"note" text,
	"added_by_id" integer,
	"added_by_name" text NOT NULL,
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('Follow up', 'In Progress', 'Done', 'Rejected')),
	CONSTRAINT "leads_source_check" CHECK ("leads"."source" in (1, 2)),
	CONSTRAINT "leads_person_check" CHECK ("leads"."user_id" is not null or "leads"."name" is not null),
	CONSTRAINT "leads_rejection_check" CHECK ("leads"."status" = 'Rejected' or ("leads"."rejection_reason" is null and "leads"."rejection_sub_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_rated_by_id_users_id_fk" FOREIGN KEY ("rated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_history" ADD CONSTRAINT "call_history_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_history" ADD CONSTRAINT "call_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_history" ADD CONSTRAINT "call_history_called_by_id_users_id_fk" FOREIGN KEY ("called_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "appointments_mentor_idx" ON "appointments" USING btree ("mentor_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "call_history_lead_idx" ON "call_history" USING btree ("lead_id","called_at");--> statement-breakpoint
CREATE INDEX "call_history_user_idx" ON "call_history" USING btree ("user_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_user_unique" ON "leads" USING btree ("user_id") WHERE "leads"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_owner_queue_idx" ON "leads" USING btree ("owner_id","status","follow_up_date");--> statement-breakpoint
CREATE INDEX "leads_status_follow_up_idx" ON "leads" USING btree ("status","follow_up_date");