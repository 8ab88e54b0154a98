-- Every server caches session look-ups for a few seconds (docs/decisions/023-session-cache-and-change-notices.md). These
-- triggers tell every server, through NOTIFY on the channel `session_changes`, when what a cached
-- session carries changes, whoever makes the change (the API, a job, an import or psql): the payload is
-- a session's token hash (that session was signed out or cut short) or '*' (forget every session).
-- NOTIFY is delivered at commit, and not at all on rollback.
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', NEW.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_signed_out AFTER UPDATE OF revoked_at, expires_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
-- A session carries the user's name, roles, grade and house, ...
CREATE TRIGGER users_changed AFTER UPDATE OF school_id, external_id, first_name, last_name, roles, grade_level, house OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
-- ... the school's settings ...
CREATE TRIGGER schools_changed AFTER UPDATE OR DELETE ON schools FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
-- ... and how many classes with students the user teaches (a teacher store depends on it).
CREATE TRIGGER periods_changed AFTER INSERT OR UPDATE OF teacher_id, external_teacher_id, co_teachers OR DELETE ON periods
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER period_students_changed AFTER INSERT OR UPDATE OR DELETE ON period_students
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
