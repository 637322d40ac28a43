-- Staff search tests the name and e-mail row by row where a term matches many rows (a common
-- name counted up to 200, a list walked newest first): search_text()'s unaccent() was ten times
-- the rest of that test (decision 062). The searched forms are now kept as generated columns,
-- each table rewritten once, and the search indexes are on them.
DROP INDEX "applications_name_search_idx";--> statement-breakpoint
DROP INDEX "applications_email_search_idx";--> statement-breakpoint
DROP INDEX "applications_email_exact_idx";--> statement-breakpoint
DROP INDEX "contact_messages_name_search_idx";--> statement-breakpoint
DROP INDEX "contact_messages_email_search_idx";--> statement-breakpoint
DROP INDEX "contact_messages_email_exact_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_name_search_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_email_search_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_email_exact_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED, ADD COLUMN "search_email" text GENERATED ALWAYS AS (search_text(email)) STORED;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "search_email" text GENERATED ALWAYS AS (search_text(email)) STORED, ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "eoi_requests" ADD COLUMN "search_email" text GENERATED ALWAYS AS (search_text(email)) STORED, ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED;--> statement-breakpoint
CREATE INDEX "applications_name_search_idx" ON "applications" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_email_search_idx" ON "applications" USING gin ("search_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_email_exact_idx" ON "applications" USING btree ("search_email");--> statement-breakpoint
CREATE INDEX "contact_messages_name_search_idx" ON "contact_messages" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_search_idx" ON "contact_messages" USING gin ("search_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_exact_idx" ON "contact_messages" USING btree ("search_email");--> statement-breakpoint
CREATE INDEX "eoi_requests_name_search_idx" ON "eoi_requests" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_requests_email_search_idx" ON "eoi_requests" USING gin ("search_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_requests_email_exact_idx" ON "eoi_requests" USING btree ("search_email");
