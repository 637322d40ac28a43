-- Each identity file carries its application's assignee (decision 070), so the KYC queue's
-- 'Assigned to me' walks the member's files in upload order, whether the member holds no case
-- or thousands, instead of walking every pending file and looking up whose each one is. The
-- index leaves the status out so that the member's files of every status share one order.
ALTER TABLE "kyc_files" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
-- A file takes its application's assignee when it is written, whatever the writer put there.
CREATE OR REPLACE FUNCTION kyc_file_assignee() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.assigned_to := (SELECT assigned_to FROM applications WHERE id = NEW.application_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER kyc_files_assignee BEFORE INSERT OR UPDATE OF application_id, assigned_to
  ON kyc_files FOR EACH ROW EXECUTE FUNCTION kyc_file_assignee();--> statement-breakpoint
-- A case taken, handed over or dropped (by staff, or by a member's removal): its files follow.
CREATE OR REPLACE FUNCTION copy_assignee_to_kyc_files() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kyc_files SET assigned_to = NEW.assigned_to
  WHERE application_id = NEW.id AND assigned_to IS DISTINCT FROM NEW.assigned_to;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_assignee_to_kyc_files AFTER UPDATE OF assigned_to ON applications
  FOR EACH ROW WHEN (OLD.assigned_to IS DISTINCT FROM NEW.assigned_to)
  EXECUTE FUNCTION copy_assignee_to_kyc_files();--> statement-breakpoint
-- What is there now, with no case changing hands and no file arriving until this commits.
LOCK TABLE applications, kyc_files IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE kyc_files f SET assigned_to = a.assigned_to
FROM applications a WHERE a.id = f.application_id AND a.assigned_to IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_files_assigned_idx" ON "kyc_files" USING btree ("assigned_to","uploaded_at","id") WHERE "kyc_files"."assigned_to" is not null;
