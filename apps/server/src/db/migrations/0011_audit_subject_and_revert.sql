ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reverts_audit_id" bigint;--> statement-breakpoint
CREATE INDEX "audit_subject_idx" ON "audit_log" USING btree ("subject_user_id","id");--> statement-breakpoint
-- Entries written before this column existed: a learner's own row, and a message's learner.
-- The append-only trigger is paused for this one backfill, inside the migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update";--> statement-breakpoint
UPDATE "audit_log" SET "subject_user_id" = "entity_id"::integer WHERE "entity" = 'user' AND "entity_id" ~ '^[0-9]{1,9}$';--> statement-breakpoint
UPDATE "audit_log" SET "subject_user_id" = (coalesce("after", "before")->>'userId')::integer WHERE "entity" = 'message' AND coalesce("after", "before")->>'userId' ~ '^[0-9]{1,9}$';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update";
