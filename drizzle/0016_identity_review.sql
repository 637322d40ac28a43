-- A watchlist possible match is kept as such (needs review, never clear), and staff may approve an
-- identity Veriff declined, with their reason on the check (erased with it, never in the audit log).
ALTER TABLE "identity_checks" ADD COLUMN "watchlist_match" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "watchlist_kinds" text[];--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "staff_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "staff_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "staff_approve_reason" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_watchlist_match_check" CHECK (watchlist_match in ('no_match', 'possible_match'));--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_staff_approval_check" CHECK ((staff_approved_at is null) = (staff_approve_reason is null));