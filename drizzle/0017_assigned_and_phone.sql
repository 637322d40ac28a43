-- Measured at a million applications (docs/benchmarks.md): a phone is found by its last digits
-- through a btree of its reversed digits (a trigram search of digits matched most phones); and
-- "Assigned to me" on a stage reads the member's cases in queue order from one index.
DROP INDEX "applications_phone_digits_idx";--> statement-breakpoint
DROP INDEX "applications_assigned_idx";--> statement-breakpoint
CREATE INDEX "applications_phone_suffix_idx" ON "applications" USING btree (reverse(phone_digits("phone")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_assigned_idx" ON "applications" USING btree ("assigned_to","stage","stage_changed_at") WHERE assigned_to is not null;