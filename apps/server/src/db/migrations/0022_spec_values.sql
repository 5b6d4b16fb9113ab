ALTER TABLE "users" ADD COLUMN "verification_status" text DEFAULT 'Verification Pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_prompts" ADD COLUMN "topic_type" text;--> statement-breakpoint
-- "Verification Completed" was the last value of the verification step; it is the verification's
-- status now (spec §4), and the step it was completed from is unlock (decision 031).
UPDATE "users" SET "verification_status" = 'Verification Completed', "verification_step" = 'unlock' WHERE "verification_step" = 'Verification Completed';--> statement-breakpoint
-- An AI prompt's topic was free text labelled "Topic or company": a topic until staff say otherwise.
UPDATE "ai_prompts" SET "topic_type" = 'Topic' WHERE "topic" IS NOT NULL AND btrim("topic") <> '';
