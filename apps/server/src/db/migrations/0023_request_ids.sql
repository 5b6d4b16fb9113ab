ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "backend_errors" ADD COLUMN "request_id" text;