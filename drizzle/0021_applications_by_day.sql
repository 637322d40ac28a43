-- Applications not erased, by stage (k1) and the UTC day they were created (k2, 'YYYY-MM-DD'):
-- a deep page of the applicant list finds the day it falls in from these totals and walks that
-- day's index entries only, not every entry before it (decision 064). Kept like the other
-- counters (migration 0014): each statement adds its net change as new rows.
CREATE OR REPLACE FUNCTION count_applications_by_day() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications_by_day', stage, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      count(*)
    FROM new_rows WHERE erased_at IS NULL GROUP BY 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications_by_day', stage, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      -count(*)
    FROM old_rows WHERE erased_at IS NULL GROUP BY 2, 3;
  ELSE
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT 'applications_by_day', k1, k2, sum(d) FROM (
      SELECT stage AS k1, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS k2, 1 AS d
      FROM new_rows WHERE erased_at IS NULL
      UNION ALL
      SELECT stage, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1
      FROM old_rows WHERE erased_at IS NULL
    ) AS c GROUP BY 2, 3 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION uncount_applications_by_day() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE counter = 'applications_by_day';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_by_day_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_day();--> statement-breakpoint
CREATE TRIGGER applications_by_day_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_day();--> statement-breakpoint
CREATE TRIGGER applications_by_day_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_day();--> statement-breakpoint
CREATE TRIGGER applications_by_day_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_applications_by_day();--> statement-breakpoint
INSERT INTO row_counts (counter, k1, k2, n)
  SELECT 'applications_by_day', stage, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    count(*)
  FROM applications WHERE erased_at IS NULL GROUP BY 2, 3;
