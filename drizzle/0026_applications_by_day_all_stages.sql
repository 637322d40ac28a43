-- The applicant list's days also counted over every stage ('applications_by_day_all', k1 '',
-- k2 the day; decision 071), beside each stage's: a deep page of the whole list then reads the
-- days it needs, newest first off row_counts_key_idx, and stops at the one its page falls in,
-- instead of adding up every day of every stage (about 1,000 rows a call at a million
-- applications). A counter of its own, so that an instance still running the code before this
-- one, which adds up every 'applications_by_day' row, is not misled during a rolling deploy. A
-- stage change nets to nothing for its day over every stage, so it writes no such row.
CREATE OR REPLACE FUNCTION count_applications_by_day() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT CASE WHEN grouping(stage) = 1 THEN 'applications_by_day_all' ELSE 'applications_by_day' END,
      coalesce(stage::text, ''), day, count(*)
    FROM new_rows, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
    WHERE erased_at IS NULL GROUP BY GROUPING SETS ((stage, day), (day));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT CASE WHEN grouping(stage) = 1 THEN 'applications_by_day_all' ELSE 'applications_by_day' END,
      coalesce(stage::text, ''), day, -count(*)
    FROM old_rows, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
    WHERE erased_at IS NULL GROUP BY GROUPING SETS ((stage, day), (day));
  ELSE
    INSERT INTO row_counts (counter, k1, k2, n)
    SELECT CASE WHEN grouping(k1) = 1 THEN 'applications_by_day_all' ELSE 'applications_by_day' END,
      coalesce(k1, ''), k2, sum(d) FROM (
      SELECT stage::text AS k1, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS k2, 1 AS d
      FROM new_rows WHERE erased_at IS NULL
      UNION ALL
      SELECT stage::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1
      FROM old_rows WHERE erased_at IS NULL
    ) AS c GROUP BY GROUPING SETS ((k1, k2), (k2)) HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION uncount_applications_by_day() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE counter IN ('applications_by_day', 'applications_by_day_all');
  RETURN NULL;
END $$;--> statement-breakpoint
-- The days over every stage as they stand, with no application written until this commits
-- (the stages' rows are written in the same statements as the applications they count).
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO row_counts (counter, k1, k2, n)
  SELECT 'applications_by_day_all', '', k2, sum(n) FROM row_counts
  WHERE counter = 'applications_by_day'
  GROUP BY k2 HAVING sum(n) <> 0;
