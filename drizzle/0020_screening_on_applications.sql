-- The staff list's screening filters (PEP, sanctions, identity status and decision) read the
-- application's current identity check and its declared PEP through joins, and a page under such
-- a filter walked the whole list newest first testing each row (170-280 ms at a million rows).
-- Each application now carries copies of those values, kept by triggers whichever code writes a
-- check or the details, so each filter is a range of an index in list order (decision 063).
ALTER TABLE "applications" ADD COLUMN "check_status" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "check_decision" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "check_pep" boolean;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "check_sanctions" boolean;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "declared_pep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Bookkeeping is not activity: updated_at is the retention job's inactivity clock (CONTRACT §6),
-- so an update made by a trigger (these copies; an older identity check losing is_current) leaves
-- it as it was. Every update a statement makes itself still sets it.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A check inserted or changed: its values, if it is the current one (the older checks' is_current
-- cleared by identity_checks_supersede() copies nothing). A current check deleted (erasure, or its
-- application deleted): nothing is current any more.
CREATE FUNCTION identity_checks_copy_to_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications AS a
      SET check_status = NULL, check_decision = NULL, check_pep = NULL, check_sanctions = NULL
      FROM old_rows AS c
      WHERE c.is_current AND a.id = c.application_id
        AND (a.check_status, a.check_decision, a.check_pep, a.check_sanctions)
          IS DISTINCT FROM (NULL, NULL, NULL, NULL);
  ELSE
    UPDATE applications AS a
      SET check_status = c.status, check_decision = c.decision, check_pep = c.pep,
        check_sanctions = c.sanctions
      FROM new_rows AS c
      WHERE c.is_current AND a.id = c.application_id
        AND (a.check_status, a.check_decision, a.check_pep, a.check_sanctions)
          IS DISTINCT FROM (c.status, c.decision, c.pep, c.sanctions);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER identity_checks_copy_insert AFTER INSERT ON identity_checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION identity_checks_copy_to_application();--> statement-breakpoint
CREATE TRIGGER identity_checks_copy_update AFTER UPDATE ON identity_checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION identity_checks_copy_to_application();--> statement-breakpoint
CREATE TRIGGER identity_checks_copy_delete AFTER DELETE ON identity_checks
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION identity_checks_copy_to_application();--> statement-breakpoint
CREATE FUNCTION application_details_copy_pep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications AS a SET declared_pep = false
      FROM old_rows AS d WHERE a.id = d.application_id AND a.declared_pep;
  ELSE
    UPDATE applications AS a SET declared_pep = d.pep_exposed
      FROM new_rows AS d
      WHERE a.id = d.application_id AND a.declared_pep IS DISTINCT FROM d.pep_exposed;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER application_details_copy_insert AFTER INSERT ON application_details
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION application_details_copy_pep();--> statement-breakpoint
CREATE TRIGGER application_details_copy_update AFTER UPDATE ON application_details
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION application_details_copy_pep();--> statement-breakpoint
CREATE TRIGGER application_details_copy_delete AFTER DELETE ON application_details
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION application_details_copy_pep();--> statement-breakpoint
-- The copies of what is there already, before the indexes (one pass over the table). No
-- application's stage, assignee or activity changes: its other triggers have nothing to do.
ALTER TABLE applications DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE applications AS a
  SET check_status = c.status, check_decision = c.decision, check_pep = c.pep,
    check_sanctions = c.sanctions
  FROM identity_checks AS c WHERE c.application_id = a.id AND c.is_current;--> statement-breakpoint
UPDATE applications AS a SET declared_pep = true
  FROM application_details AS d WHERE d.application_id = a.id AND d.pep_exposed;--> statement-breakpoint
ALTER TABLE applications ENABLE TRIGGER USER;--> statement-breakpoint
CREATE INDEX "applications_check_status_idx" ON "applications" USING btree ("check_status","created_at","id") WHERE erased_at is null;--> statement-breakpoint
CREATE INDEX "applications_check_decision_idx" ON "applications" USING btree ("check_decision","created_at","id") WHERE erased_at is null;--> statement-breakpoint
CREATE INDEX "applications_check_sanctions_idx" ON "applications" USING btree ("check_sanctions","created_at","id") WHERE erased_at is null;--> statement-breakpoint
CREATE INDEX "applications_pep_idx" ON "applications" USING btree ("created_at","id") WHERE erased_at is null and (declared_pep or check_pep);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_check_status_check" CHECK (check_status in ('created', 'started', 'submitted', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_check_decision_check" CHECK (check_decision in ('approved', 'declined', 'resubmission_requested'));
