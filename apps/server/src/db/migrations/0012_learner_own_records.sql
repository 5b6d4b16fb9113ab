CREATE TABLE "mentor_team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"mentor_id" integer NOT NULL,
	"role" text NOT NULL,
	"assigned_by_id" integer,
	"assigned_by_name" text,
	CONSTRAINT "mentor_team_members_role_check" CHECK ("mentor_team_members"."role" in ('manager', 'member'))
);
--> statement-breakpoint
CREATE TABLE "not_working_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by_id" integer,
	"removed_by_name" text,
	"removal_reason" text
);
--> statement-breakpoint
CREATE TABLE "reactivation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"requested_by_id" integer,
	"requested_by_name" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer,
	"decided_by_name" text,
	"decision_note" text,
	CONSTRAINT "reactivation_requests_status_check" CHECK ("reactivation_requests"."status" in ('Pending', 'Fulfilled', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "strikes" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"given_by_id" integer,
	"given_by_name" text NOT NULL,
	CONSTRAINT "strikes_type_check" CHECK ("strikes"."type" in ('Cheating', 'Discipline'))
);
--> statement-breakpoint
CREATE TABLE "student_team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "student_team_members_role_check" CHECK ("student_team_members"."role" in ('manager', 'member'))
);
--> statement-breakpoint
CREATE TABLE "student_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"project" text,
	"batch_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_flag_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flag_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment" text NOT NULL,
	"status_change" text,
	"author_id" integer,
	"author_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'Live' NOT NULL,
	"raised_by_id" integer,
	"raised_by_name" text NOT NULL,
	CONSTRAINT "user_flags_status_check" CHECK ("user_flags"."status" in ('Live', 'Archived'))
);
--> statement-breakpoint
ALTER TABLE "mentor_team_members" ADD CONSTRAINT "mentor_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_team_members" ADD CONSTRAINT "mentor_team_members_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_team_members" ADD CONSTRAINT "mentor_team_members_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_working_warnings" ADD CONSTRAINT "not_working_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_working_warnings" ADD CONSTRAINT "not_working_warnings_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactivation_requests" ADD CONSTRAINT "reactivation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactivation_requests" ADD CONSTRAINT "reactivation_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactivation_requests" ADD CONSTRAINT "reactivation_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strikes" ADD CONSTRAINT "strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strikes" ADD CONSTRAINT "strikes_given_by_id_users_id_fk" FOREIGN KEY ("given_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_team_members" ADD CONSTRAINT "student_team_members_team_id_student_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."student_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_team_members" ADD CONSTRAINT "student_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_teams" ADD CONSTRAINT "student_teams_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flag_comments" ADD CONSTRAINT "user_flag_comments_flag_id_user_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."user_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flag_comments" ADD CONSTRAINT "user_flag_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flag_comments" ADD CONSTRAINT "user_flag_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_team_members_pair" ON "mentor_team_members" USING btree ("user_id","mentor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_team_members_one_manager" ON "mentor_team_members" USING btree ("user_id") WHERE "mentor_team_members"."role" = 'manager';--> statement-breakpoint
CREATE INDEX "mentor_team_members_mentor_idx" ON "mentor_team_members" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "not_working_warnings_user_idx" ON "not_working_warnings" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "not_working_warnings_live_idx" ON "not_working_warnings" USING btree ("user_id") WHERE "not_working_warnings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "reactivation_requests_user_idx" ON "reactivation_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reactivation_requests_status_idx" ON "reactivation_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reactivation_requests_one_pending" ON "reactivation_requests" USING btree ("user_id") WHERE "reactivation_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "strikes_user_idx" ON "strikes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_team_members_pair" ON "student_team_members" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "student_team_members_user_idx" ON "student_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_flag_comments_flag_idx" ON "user_flag_comments" USING btree ("flag_id","created_at");--> statement-breakpoint
CREATE INDEX "user_flag_comments_user_idx" ON "user_flag_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_flags_user_idx" ON "user_flags" USING btree ("user_id","created_at");