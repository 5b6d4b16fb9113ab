ALTER TABLE "users" ADD COLUMN "resume_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resume_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resume_size" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resume_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cibil_score" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cibil_report" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cibil_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cibil_provider" text;