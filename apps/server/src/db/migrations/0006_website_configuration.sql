CREATE TABLE "website_configuration_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"configuration_id" integer NOT NULL,
	"version" integer NOT NULL,
	"value" text NOT NULL,
	"changed_by" integer,
	"changed_by_name" text,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "website_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "website_configuration_versions" ADD CONSTRAINT "website_configuration_versions_configuration_id_website_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."website_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_configuration_versions_unique" ON "website_configuration_versions" USING btree ("configuration_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "website_configurations_key_unique" ON "website_configurations" USING btree ("key");