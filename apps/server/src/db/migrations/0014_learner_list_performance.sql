CREATE TABLE "user_role_counts" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_learner_statuses_idx" ON "users" USING btree ("role_id","isa_status","status","pro_status","id");--> statement-breakpoint
-- Users per role, exact in every transaction that writes users (decision 016): the learner list
-- without filters answers totalItems from here instead of counting a million index entries.
INSERT INTO "user_role_counts" ("role_id", "users") SELECT "role_id", count(*)::int FROM "users" GROUP BY "role_id";--> statement-breakpoint
CREATE FUNCTION count_users_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_role_counts AS c (role_id, users)
    SELECT role_id, count(*)::int FROM new_users GROUP BY role_id ORDER BY role_id
  ON CONFLICT (role_id) DO UPDATE SET users = c.users + excluded.users;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION count_users_deleted() RETURNS trigger AS $$
BEGIN
  UPDATE user_role_counts c SET users = c.users - d.n
    FROM (SELECT role_id, count(*)::int AS n FROM old_users GROUP BY role_id) d
    WHERE c.role_id = d.role_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION count_users_role_changed() RETURNS trigger AS $$
BEGIN
  UPDATE user_role_counts SET users = users - 1 WHERE role_id = OLD.role_id;
  INSERT INTO user_role_counts AS c (role_id, users) VALUES (NEW.role_id, 1)
    ON CONFLICT (role_id) DO UPDATE SET users = c.users + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION count_users_truncated() RETURNS trigger AS $$
BEGIN
  DELETE FROM user_role_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION count_users_inserted();--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION count_users_deleted();--> statement-breakpoint
CREATE TRIGGER users_count_role_change AFTER UPDATE OF role_id ON users
  FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION count_users_role_changed();--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION count_users_truncated();--> statement-breakpoint
-- One CSV cell of text as platform/csv.ts writes it (RFC 4180 quoting; text a spreadsheet would
-- run as a formula gets a leading apostrophe), for exports built in SQL (decision 016).
CREATE FUNCTION csv_text_cell(v text) RETURNS text AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN strpos(v, '"') > 0 OR strpos(v, ',') > 0 OR strpos(v, E'\r') > 0 OR strpos(v, E'\n') > 0 THEN
      '"' || replace(CASE WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || v ELSE v END, '"', '""') || '"'
    WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || v
    ELSE v
  END
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
