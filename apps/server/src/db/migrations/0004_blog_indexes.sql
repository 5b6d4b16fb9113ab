DROP INDEX "blogs_status_idx";--> statement-breakpoint
CREATE INDEX "blogs_title_trgm_idx" ON "blogs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_status_idx" ON "blogs" USING btree ("status","created_at","id");