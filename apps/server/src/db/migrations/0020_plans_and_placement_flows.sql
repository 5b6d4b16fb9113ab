CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text DEFAULT 'Standard' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_months" integer NOT NULL,
	"upfront_deposit_minor" integer DEFAULT 0 NOT NULL,
	"deposit_validity_days" integer DEFAULT 14 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_money_check" CHECK ("plans"."price_minor" >= 0 and "plans"."upfront_deposit_minor" between 0 and "plans"."price_minor")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text,
	"created_by_id" integer,
	"created_by_name" text NOT NULL,
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "upfront_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"expires_on" date NOT NULL,
	"paid_on" date,
	"extension_reason" text,
	CONSTRAINT "upfront_deposits_amount_check" CHECK ("upfront_deposits"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placement_penalty_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placement_payment_status" text DEFAULT 'NOT_OPTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_step" text DEFAULT 'pan' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upfront_deposits" ADD CONSTRAINT "upfront_deposits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upfront_deposits" ADD CONSTRAINT "upfront_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "upfront_deposits_subscription_unique" ON "upfront_deposits" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "upfront_deposits_user_idx" ON "upfront_deposits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upfront_deposits_pending_idx" ON "upfront_deposits" USING btree ("expires_on") WHERE "upfront_deposits"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "users_placement_queue_idx" ON "users" USING btree ("id") WHERE "users"."placement_payment_status" in ('MOCK_COMPLETED', 'PAYMENT_HOLD', 'INITIAL_PAYMENT_DONE') or "users"."placement_penalty_status" in ('Required and Pending', 'Pending CIBIL check');--> statement-breakpoint
-- No plan existed before this migration: the plan ids learners held named nothing, and an upfront
-- status other than Not Required had no deposit behind it (decision 018).
UPDATE "users" SET "plan_id" = NULL, "pro_plan_id" = NULL, "upfront_status" = 'Not Required' WHERE "plan_id" IS NOT NULL OR "pro_plan_id" IS NOT NULL OR "upfront_status" <> 'Not Required';
