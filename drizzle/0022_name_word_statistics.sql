-- Statistics of the words in each searched name (decision 066). ANALYZE (and autovacuum's)
-- records the words common enough to be among the expression's most common elements; staff
-- search reads them (pg_stats_ext_exprs) to give the trigram index only the query's rare
-- words when the rest are common, and tests the whole query on the few rows they find.
-- Analysed at once: on a large table autovacuum would not analyse again for a long while.
CREATE STATISTICS IF NOT EXISTS applications_name_words
  ON (string_to_array(search_name, ' ')) FROM applications;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS eoi_requests_name_words
  ON (string_to_array(search_name, ' ')) FROM eoi_requests;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS contact_messages_name_words
  ON (string_to_array(search_name, ' ')) FROM contact_messages;--> statement-breakpoint
ANALYZE applications;--> statement-breakpoint
ANALYZE eoi_requests;--> statement-breakpoint
ANALYZE contact_messages;
