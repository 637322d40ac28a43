-- Measured at a million rows (docs/benchmarks.md): every list is newest first with the id breaking
-- ties, so its index ends with (created_at, id) and a page, however deep, is read from the index
-- alone (index-only scans; an OFFSET skips index entries rather than rows, and no sort step).
-- The applicant list never shows erased tombstones, so its index leaves them out.
DROP INDEX "applications_stage_created_idx";--> statement-breakpoint
DROP INDEX "applications_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_staff_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_status_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "eoi_requests_created_idx";--> statement-breakpoint
CREATE INDEX "applications_stage_created_idx" ON "applications" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","id") WHERE erased_at is null;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_at_idx" ON "audit_log" USING btree ("actor_id","at","id") WHERE actor_type = 'staff';--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "eoi_requests_status_created_idx" ON "eoi_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "eoi_requests_created_idx" ON "eoi_requests" USING btree ("created_at","id");