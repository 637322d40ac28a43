-- A whole e-mail address typed into a staff search is looked up in these (staff-search.ts)
-- rather than matched as a substring of a million addresses through the trigram indexes.
CREATE INDEX "applications_email_exact_idx" ON "applications" USING btree (search_text("email"));--> statement-breakpoint
CREATE INDEX "contact_messages_email_exact_idx" ON "contact_messages" USING btree (search_text("email"));--> statement-breakpoint
CREATE INDEX "eoi_requests_email_exact_idx" ON "eoi_requests" USING btree (search_text("email"));