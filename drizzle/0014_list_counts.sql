CREATE TABLE "row_counts" (
	"counter" text NOT NULL,
	"k1" text DEFAULT '' NOT NULL,
	"k2" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "contact_messages_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_messages_email_trgm_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "row_counts_key_idx" ON "row_counts" USING btree ("counter","k1","k2");--> statement-breakpoint
CREATE INDEX "contact_messages_name_search_idx" ON "contact_messages" USING gin (search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_search_idx" ON "contact_messages" USING gin (search_text("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_requests_name_search_idx" ON "eoi_requests" USING gin (search_text("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_requests_email_search_idx" ON "eoi_requests" USING gin (search_text("email") gin_trgm_ops);--> statement-breakpoint
-- Exact list totals without counting a million rows (decision 040). Statement triggers add each
-- statement's net change to row_counts as new rows; a total is sum(n) over its keys, and
-- compact_row_counts() folds the rows together now and then. Nothing updates a counter row,
-- so concurrent writers never queue behind one another.
--
-- Where an identity file stands on the staff lists: nowhere (null) once its applicant is
-- declined or erased; 'waiting' while it is still pending from before the applicant was sent
-- back to upload again (not in the KYC queue, still in the list of every file); else its
-- status ('pending' is the KYC queue). admin-kyc-list.ts writes the same conditions out for
-- the planner; the queue tests hold the two to the same totals.
CREATE OR REPLACE FUNCTION kyc_file_list_key(status text, uploaded_at timestamptz, stage text,
  stage_changed_at timestamptz, erased_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN erased_at IS NOT NULL OR stage = 'declined' THEN NULL
    WHEN status = 'pending' AND stage = 'detailed' AND uploaded_at < stage_changed_at THEN 'waiting'
    ELSE status END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION compact_row_counts() RETURNS void
  LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM row_counts RETURNING counter, k1, k2, n)
  INSERT INTO row_counts (counter, k1, k2, n)
  SELECT counter, k1, k2, sum(n) FROM gone GROUP BY 1, 2, 3 HAVING sum(n) <> 0 $$;--> statement-breakpoint
-- Applications not erased, by stage and assignee; and, as an application's stage, time in
-- stage, erasure or assignee changes, its identity files' place on the lists.
CREATE OR REPLACE FUNCTION count_applications() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications', stage, coalesce(assigned_to::text, ''), count(*)
    FROM new_rows WHERE erased_at IS NULL GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications', stage, coalesce(assigned_to::text, ''), -count(*)
    FROM old_rows WHERE erased_at IS NULL GROUP BY 2, 3;
  ELSE
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications', k1, k2, sum(d) FROM (
      SELECT stage AS k1, coalesce(assigned_to::text, '') AS k2, 1 AS d
      FROM new_rows WHERE erased_at IS NULL
      UNION ALL
      SELECT stage, coalesce(assigned_to::text, ''), -1 FROM old_rows WHERE erased_at IS NULL
    ) AS c GROUP BY 2, 3 HAVING sum(d) <> 0;
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'kyc_files', k1, k2, sum(d) FROM (
      SELECT kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) AS k1,
        coalesce(a.assigned_to::text, '') AS k2, 1 AS d
      FROM new_rows a JOIN kyc_files f ON f.application_id = a.id
      WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
      UNION ALL
      SELECT kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at),
        coalesce(a.assigned_to::text, ''), -1
      FROM old_rows a JOIN kyc_files f ON f.application_id = a.id
      WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
    ) AS c GROUP BY 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An application deleted outright takes its files with it (cascade), and by the time the
-- files' own trigger runs the application is gone: its listed files are taken off here.
CREATE OR REPLACE FUNCTION uncount_application_files() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts (counter, k1, k2, n)
  SELECT 'kyc_files',
    kyc_file_list_key(f.status, f.uploaded_at, OLD.stage, OLD.stage_changed_at, OLD.erased_at),
    coalesce(OLD.assigned_to::text, ''), -count(*)
  FROM kyc_files f
  WHERE f.application_id = OLD.id
    AND kyc_file_list_key(f.status, f.uploaded_at, OLD.stage, OLD.stage_changed_at, OLD.erased_at) IS NOT NULL
  GROUP BY 2, 3;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_kyc_files() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'kyc_files',
    kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at),
    coalesce(a.assigned_to::text, ''), count(*)
    FROM new_rows f JOIN applications a ON a.id = f.application_id
    WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
    GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'kyc_files',
    kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at),
    coalesce(a.assigned_to::text, ''), -count(*)
    FROM old_rows f JOIN applications a ON a.id = f.application_id
    WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
    GROUP BY 2, 3;
  ELSE
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'kyc_files', k1, k2, sum(d) FROM (
      SELECT kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) AS k1,
        coalesce(a.assigned_to::text, '') AS k2, 1 AS d
      FROM new_rows f JOIN applications a ON a.id = f.application_id
      WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
      UNION ALL
      SELECT kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at),
        coalesce(a.assigned_to::text, ''), -1
      FROM old_rows f JOIN applications a ON a.id = f.application_id
      WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
    ) AS c GROUP BY 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The two inboxes, by status; the counter is named after the table.
CREATE OR REPLACE FUNCTION count_by_status() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY 2;
  ELSE
    INSERT INTO row_counts (counter, k1, n)
    SELECT TG_TABLE_NAME, k1, sum(d) FROM (
      SELECT status AS k1, 1 AS d FROM new_rows
      UNION ALL SELECT status, -1 FROM old_rows
    ) AS c GROUP BY 2 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The audit log by action and, for staff rows, the member.
CREATE OR REPLACE FUNCTION count_audit_log() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'audit_log', action,
      CASE WHEN actor_type = 'staff' THEN coalesce(actor_id, '') ELSE '' END, count(*)
    FROM new_rows GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'audit_log', action,
      CASE WHEN actor_type = 'staff' THEN coalesce(actor_id, '') ELSE '' END, -count(*)
    FROM old_rows GROUP BY 2, 3;
  ELSE
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'audit_log', k1, k2, sum(d) FROM (
      SELECT action AS k1,
        CASE WHEN actor_type = 'staff' THEN coalesce(actor_id, '') ELSE '' END AS k2, 1 AS d
      FROM new_rows
      UNION ALL
      SELECT action, CASE WHEN actor_type = 'staff' THEN coalesce(actor_id, '') ELSE '' END, -1
      FROM old_rows
    ) AS c GROUP BY 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE fires no row or statement triggers of the kinds above: it empties the counter too.
CREATE OR REPLACE FUNCTION uncount_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE counter = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_count_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_applications();--> statement-breakpoint
CREATE TRIGGER applications_count_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications();--> statement-breakpoint
CREATE TRIGGER applications_count_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_applications();--> statement-breakpoint
CREATE TRIGGER applications_uncount_files BEFORE DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION uncount_application_files();--> statement-breakpoint
CREATE TRIGGER applications_count_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_truncated();--> statement-breakpoint
CREATE TRIGGER kyc_files_count_insert AFTER INSERT ON kyc_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_kyc_files();--> statement-breakpoint
CREATE TRIGGER kyc_files_count_update AFTER UPDATE ON kyc_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_kyc_files();--> statement-breakpoint
CREATE TRIGGER kyc_files_count_delete AFTER DELETE ON kyc_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_kyc_files();--> statement-breakpoint
CREATE TRIGGER kyc_files_count_truncate AFTER TRUNCATE ON kyc_files
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_truncated();--> statement-breakpoint
CREATE TRIGGER eoi_requests_count_insert AFTER INSERT ON eoi_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER eoi_requests_count_update AFTER UPDATE ON eoi_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER eoi_requests_count_delete AFTER DELETE ON eoi_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER eoi_requests_count_truncate AFTER TRUNCATE ON eoi_requests
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_truncated();--> statement-breakpoint
CREATE TRIGGER contact_messages_count_insert AFTER INSERT ON contact_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER contact_messages_count_update AFTER UPDATE ON contact_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER contact_messages_count_delete AFTER DELETE ON contact_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_by_status();--> statement-breakpoint
CREATE TRIGGER contact_messages_count_truncate AFTER TRUNCATE ON contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_truncated();--> statement-breakpoint
CREATE TRIGGER audit_log_count_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
CREATE TRIGGER audit_log_count_update AFTER UPDATE ON audit_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
CREATE TRIGGER audit_log_count_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
CREATE TRIGGER audit_log_count_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_truncated();--> statement-breakpoint
-- What is there now. Creating the triggers locked each table against writes until this
-- migration commits, so nothing is counted twice or missed.
INSERT INTO row_counts (counter, k1, k2, n)
SELECT 'applications', stage, coalesce(assigned_to::text, ''), count(*)
FROM applications WHERE erased_at IS NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, k2, n)
SELECT 'kyc_files',
    kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at),
    coalesce(a.assigned_to::text, ''), count(*)
FROM kyc_files f JOIN applications a ON a.id = f.application_id
WHERE kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at, a.erased_at) IS NOT NULL
GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, n)
SELECT 'eoi_requests', status, count(*) FROM eoi_requests GROUP BY 2;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, n)
SELECT 'contact_messages', status, count(*) FROM contact_messages GROUP BY 2;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, k2, n)
SELECT 'audit_log', action,
  CASE WHEN actor_type = 'staff' THEN coalesce(actor_id, '') ELSE '' END, count(*)
FROM audit_log GROUP BY 2, 3;
