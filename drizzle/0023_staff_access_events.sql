-- Staff access changes, announced on the live-events channel (decision 067). Every instance
-- keeps the staff guard's answer for a token for a while, and forgets all of them on this
-- event: whoever makes the change (a staff call, the staff CLI, the retention job, a manual
-- UPDATE), every instance hears it once the change commits. Only the columns the guard reads
-- are watched, so sign-ins and the once-a-minute activity update announce nothing; activity
-- moved back in time (an operator ending a session as idle by hand) does. PostgreSQL sends one
-- such notification per transaction, however many statements or rows.
CREATE OR REPLACE FUNCTION announce_staff_access_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('waj_events', '{"type":"staff-access"}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER staff_tokens_access_change
  AFTER UPDATE OF token_hash, member_id, expires_at, revoked_at OR DELETE OR TRUNCATE
  ON staff_tokens FOR EACH STATEMENT EXECUTE FUNCTION announce_staff_access_change();--> statement-breakpoint
CREATE TRIGGER staff_members_access_change
  AFTER UPDATE OF id, email, name, role, status OR DELETE OR TRUNCATE
  ON staff_members FOR EACH STATEMENT EXECUTE FUNCTION announce_staff_access_change();--> statement-breakpoint
CREATE TRIGGER staff_tokens_activity_moved_back
  AFTER UPDATE OF last_active_at ON staff_tokens FOR EACH ROW
  WHEN (NEW.last_active_at < OLD.last_active_at)
  EXECUTE FUNCTION announce_staff_access_change();
