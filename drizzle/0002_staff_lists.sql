ALTER TABLE "identity_checks" ADD COLUMN "is_current" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Only the newest check of each application stays current (hand-written: the staff list's filters).
UPDATE "identity_checks" AS c SET "is_current" = false
  WHERE EXISTS (
    SELECT 1 FROM "identity_checks" AS n
    WHERE n."application_id" = c."application_id"
      AND (n."created_at", n."id") > (c."created_at", c."id")
  );--> statement-breakpoint
-- A new check supersedes the application's earlier ones, whichever code path inserts it. Checks
-- are inserted holding the application's row lock (apply-kyc-start), so two never race; if they
-- ever did, the unique index below refuses the second rather than keeping two current checks.
CREATE FUNCTION identity_checks_supersede() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE identity_checks SET is_current = false
    WHERE application_id = NEW.application_id AND is_current;
  NEW.is_current := true;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER identity_checks_current BEFORE INSERT ON identity_checks
  FOR EACH ROW EXECUTE FUNCTION identity_checks_supersede();--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_current_idx" ON "identity_checks" USING btree ("application_id") WHERE is_current;--> statement-breakpoint
CREATE INDEX "identity_checks_current_filters_idx" ON "identity_checks" USING btree ("status","decision","pep","sanctions") WHERE is_current;--> statement-breakpoint
CREATE INDEX "identity_checks_current_pep_idx" ON "identity_checks" USING btree ("application_id") WHERE is_current and pep;--> statement-breakpoint
CREATE INDEX "identity_checks_current_sanctions_idx" ON "identity_checks" USING btree ("application_id") WHERE is_current and sanctions;--> statement-breakpoint
CREATE INDEX "invite_codes_used_by_application_idx" ON "invite_codes" USING btree ("used_by_application_id");--> statement-breakpoint
-- Superseded checks are often the declined or resubmitted ones, so "current and declined" is
-- far rarer than "current" times "declined": multi-column statistics let the planner see it
-- (without them it read a whole table to join a few thousand rows).
CREATE STATISTICS identity_checks_current_status_stats (mcv)
  ON is_current, status, decision FROM identity_checks;--> statement-breakpoint
CREATE STATISTICS identity_checks_current_screening_stats (mcv)
  ON is_current, pep, sanctions FROM identity_checks;
