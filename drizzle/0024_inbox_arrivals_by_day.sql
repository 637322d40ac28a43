-- The inboxes' arrivals by the UTC day they came ('eoi_requests_by_day' and
-- 'contact_messages_by_day', k1 'YYYY-MM-DD'), kept beside their totals by status by the same
-- statement triggers (migration 0014): each statement adds its net change as new rows. An
-- inbox's "New this week" is then the whole days since a week ago from these rows, and only
-- the part of the first day after the cut from the created_at index (decision 069), instead
-- of the index entries of the whole week on every staff call.
CREATE OR REPLACE FUNCTION count_by_status() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY 2
    UNION ALL
    SELECT TG_TABLE_NAME || '_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      count(*)
    FROM new_rows GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY 2
    UNION ALL
    SELECT TG_TABLE_NAME || '_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      -count(*)
    FROM old_rows GROUP BY 2;
  ELSE
    INSERT INTO row_counts (counter, k1, n)
    SELECT counter, k1, sum(d) FROM (
      SELECT TG_TABLE_NAME AS counter, status AS k1, 1 AS d FROM new_rows
      UNION ALL SELECT TG_TABLE_NAME, status, -1 FROM old_rows
      UNION ALL
      SELECT TG_TABLE_NAME || '_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1
      FROM new_rows
      UNION ALL
      SELECT TG_TABLE_NAME || '_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1
      FROM old_rows
    ) AS c GROUP BY 1, 2 HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- TRUNCATE empties a table's counters, its arrivals by day among them.
CREATE OR REPLACE FUNCTION uncount_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE counter IN (TG_TABLE_NAME, TG_TABLE_NAME || '_by_day');
  RETURN NULL;
END $$;--> statement-breakpoint
-- What is there now. No writer may add a row between the count and this migration's commit:
-- one written under the old trigger would never be counted by day.
LOCK TABLE eoi_requests, contact_messages IN SHARE MODE;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, n)
SELECT 'eoi_requests_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
FROM eoi_requests GROUP BY 2;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, n)
SELECT 'contact_messages_by_day', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
FROM contact_messages GROUP BY 2;
