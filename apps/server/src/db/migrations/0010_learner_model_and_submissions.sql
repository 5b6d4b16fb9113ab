CREATE TABLE "task_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"assignment_id" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "isa_expiry_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_plan_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_number_status" text DEFAULT 'Not Verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_up_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_up_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pan_verification_status" text DEFAULT 'Not Verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placement_penalty_status" text DEFAULT 'Not Required' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upfront_status" text DEFAULT 'Not Required' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fast_track_status" text DEFAULT 'Not Applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exclude_from_crm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_task_submit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_submissions_user_time_idx" ON "task_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "users_learner_isa_idx" ON "users" USING btree ("role_id","isa_status","id");--> statement-breakpoint
CREATE INDEX "users_learner_points_idx" ON "users" USING btree ("role_id","total_points","id");--> statement-breakpoint
CREATE INDEX "users_learner_activity_idx" ON "users" USING btree ("role_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "users_learner_last_submit_idx" ON "users" USING btree ("role_id","last_task_submit_at","id");--> statement-breakpoint
CREATE INDEX "users_owner_idx" ON "users" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- A learner's last submission is kept by the database in the submission's own transaction,
-- whatever writes the row (decision 013): it cannot drift from task_submissions.
CREATE FUNCTION keep_last_task_submit() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET last_task_submit_at = greatest(last_task_submit_at, NEW.submitted_at) WHERE id = NEW.user_id;
    RETURN NULL;
  END IF;
  UPDATE users SET last_task_submit_at = (
    SELECT max(submitted_at) FROM task_submissions WHERE user_id = OLD.user_id
  ) WHERE id = OLD.user_id;
  IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
    UPDATE users SET last_task_submit_at = (
      SELECT max(submitted_at) FROM task_submissions WHERE user_id = NEW.user_id
    ) WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER task_submissions_keep_last AFTER INSERT OR UPDATE OF user_id, submitted_at OR DELETE ON task_submissions
  FOR EACH ROW EXECUTE FUNCTION keep_last_task_submit();
--> statement-breakpoint
-- Learner filter keys follow the spec's labels (decision 013): stored user-type conditions move with them.
UPDATE user_type_conditions SET field = 'readyForPlacements' WHERE field = 'readyForPlacement';--> statement-breakpoint
UPDATE user_type_conditions SET field = 'userStatus' WHERE field = 'status';--> statement-breakpoint
UPDATE user_type_conditions SET field = 'lastActivity' WHERE field = 'lastActivityAt';
