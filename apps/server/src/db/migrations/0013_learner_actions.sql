ALTER TABLE "users" ADD COLUMN "placement_blacklist_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qualification_deadline" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sharpener_plus_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_cycle" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campus_nexa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rejection_reason" text;