-- Every server keeps the answers of a screen's reads for a few seconds (docs/decisions/120-answer-cache.md).
-- These triggers tell every server, through NOTIFY on the channel `school_changes`, which school's data
-- a committed statement changed, whoever ran it (the API, a job, an import or psql): the payload is
-- the school's id, or '*' for a change to a table that belongs to no school (or a TRUNCATE).
-- One NOTIFY per school per statement (transition tables), and PostgreSQL folds repeats within a
-- transaction; delivered at commit, not at all on rollback.
CREATE FUNCTION notify_school_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('school_changes', s) FROM (SELECT DISTINCT coalesce(school_id::text, '*') AS s FROM changed) q;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_schools_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('school_changes', s) FROM (SELECT DISTINCT id::text AS s FROM changed) q;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_all_schools() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('school_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table of the public schema but the ones no cached answer reads (sessions and sign-in
-- limits, replayed writes, SSO round trips, upload grants, picture bytes): they change on every
-- sign-in or upload and would empty a school's answers for nothing. A table added later gets its
-- triggers from its own migration (apps/server/test/answer-cache.test.ts fails until it does).
DO $$
DECLARE
  t record;
  fn text;
BEGIN
  FOR t IN
    SELECT c.relname AS name,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'school_id' AND NOT a.attisdropped) AS scoped
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT IN ('sessions', 'rate_limits', 'idempotency_keys', 'sso_states', 'upload_grants', 'stored_images')
  LOOP
    fn := CASE WHEN t.name = 'schools' THEN 'notify_schools_rows' WHEN t.scoped THEN 'notify_school_rows' END;
    IF fn IS NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_all_schools()', t.name || '_answers', t.name);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_answers_ins', t.name, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_answers_upd', t.name, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name || '_answers_del', t.name, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_all_schools()', t.name || '_answers_trunc', t.name);
    END IF;
  END LOOP;
END $$;
