CREATE TABLE "saved_view_roles" (
	"view_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "saved_view_roles_view_id_role_id_pk" PRIMARY KEY("view_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"owner_id" integer NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" text,
	"q" text,
	"size" integer,
	"columns" jsonb
);
--> statement-breakpoint
ALTER TABLE "saved_view_roles" ADD CONSTRAINT "saved_view_roles_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_roles" ADD CONSTRAINT "saved_view_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_roles_role_idx" ON "saved_view_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_unique" ON "saved_views" USING btree ("owner_id","resource",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_resource_idx" ON "saved_views" USING btree ("resource");--> statement-breakpoint
-- Views saved before (decision 020) were kept in each person's preferences, by the console's
-- list address: they become private views of their owner, on the resource that list shows.
INSERT INTO "saved_views" ("owner_id", "resource", "name", "filters", "sort", "q", "size")
SELECT p."user_id", m."resource", left(trim(v->>'name'), 60),
  CASE WHEN jsonb_typeof(v->'filters') = 'array' THEN v->'filters' ELSE '[]'::jsonb END,
  v->>'sort', v->>'q',
  CASE WHEN (v->>'size') IN ('10', '14', '50', '100') THEN (v->>'size')::integer END
FROM "user_preferences" p
CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(p."preferences"->'lists') = 'object' THEN p."preferences"->'lists' ELSE '{}'::jsonb END) AS l("screen", "list")
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(l."list"->'views') = 'array' THEN l."list"->'views' ELSE '[]'::jsonb END) AS v
JOIN (VALUES
  ('learners', 'user'), ('messages', 'message'), ('task-submissions', 'user/task-submission'),
  ('flags', 'user/flag'), ('flag-comments', 'user/flag/comment'), ('strikes', 'user/strike'),
  ('not-working-warnings', 'user/not-working-alert/warnings'), ('reactivation-requests', 'user/reactivation'),
  ('holds', 'user/hold'), ('mentor-teams', 'user/mentor-team'), ('blogs', 'blog'), ('events', 'event'),
  ('testimonials', 'testimonial'), ('companies', 'company'), ('products', 'product'), ('orders', 'order'),
  ('job-roles', 'job-roles'), ('hold-types', 'hold'), ('degrees', 'deegree'), ('degree-categories', 'deegree/category'),
  ('locations', 'location'), ('ai-prompts', 'ai-prompt'), ('website-configuration', 'website-configuration'),
  ('cards', 'card'), ('user-types', 'usertype'), ('user-type-conditions', 'usertypecondition'),
  ('user-type-cards', 'usertypecard'), ('enquiries', 'enquiry'), ('questions', 'question'), ('answers', 'answer'),
  ('audit-log', 'audit'), ('server-errors', 'errors'), ('console-errors', 'frontend-errors')
) AS m("screen", "resource") ON m."screen" = l."screen"
WHERE jsonb_typeof(v) = 'object' AND coalesce(trim(v->>'name'), '') <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "user_preferences" SET "preferences" = jsonb_set("preferences", '{lists}',
  (SELECT coalesce(jsonb_object_agg(l.key, CASE WHEN jsonb_typeof(l.value) = 'object' THEN l.value - 'views' ELSE l.value END), '{}'::jsonb)
   FROM jsonb_each("preferences"->'lists') AS l))
WHERE jsonb_typeof("preferences"->'lists') = 'object';
