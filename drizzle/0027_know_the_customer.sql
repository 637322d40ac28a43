CREATE TABLE "screening_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"source" text NOT NULL,
	"list" text NOT NULL,
	"list_version" integer,
	"entry_id" text NOT NULL,
	"kind" text NOT NULL,
	"score" real,
	"matched_name" text,
	"entry" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"confirm_reason" text,
	"clear_requested_by" uuid,
	"clear_requested_at" timestamp with time zone,
	"clear_reason" text,
	"cleared_by" uuid,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_alerts_status_check" CHECK (status in ('open', 'confirmed', 'clear_requested', 'cleared')),
	CONSTRAINT "screening_alerts_source_check" CHECK (source in ('builtin', 'yente', 'veriff')),
	CONSTRAINT "screening_alerts_kind_check" CHECK (kind in ('sanctions', 'pep')),
	CONSTRAINT "screening_alerts_confirmed_check" CHECK ((status = 'confirmed') = (confirmed_at is not null and confirm_reason is not null)),
	CONSTRAINT "screening_alerts_clear_check" CHECK ((status in ('clear_requested', 'cleared')) = (clear_requested_at is not null and clear_reason is not null))
);
--> statement-breakpoint
CREATE TABLE "screening_entries" (
	"version_id" uuid NOT NULL,
	"entry_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb NOT NULL,
	"dates_of_birth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nationalities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"programmes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "screening_entries_version_id_entry_id_pk" PRIMARY KEY("version_id","entry_id"),
	CONSTRAINT "screening_entries_kind_check" CHECK (kind in ('sanctions', 'pep'))
);
--> statement-breakpoint
CREATE TABLE "screening_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"entries" integer NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"loaded_by" uuid,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_list_versions_list_check" CHECK (list in ('uk', 'un', 'ofac', 'opensanctions'))
);
--> statement-breakpoint
ALTER TABLE "application_details" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "application_details" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "application_details" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "application_details" ADD COLUMN "address_town" text;--> statement-breakpoint
ALTER TABLE "application_details" ADD COLUMN "address_postcode" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "screened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "screen_pep" boolean;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "screen_sanctions" boolean;--> statement-breakpoint
ALTER TABLE "screening_alerts" ADD CONSTRAINT "screening_alerts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_version_id_screening_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."screening_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_alerts_entry_idx" ON "screening_alerts" USING btree ("application_id","list","entry_id");--> statement-breakpoint
CREATE INDEX "screening_alerts_queue_idx" ON "screening_alerts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_version_idx" ON "screening_list_versions" USING btree ("list","version");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_current_idx" ON "screening_list_versions" USING btree ("list") WHERE is_current;--> statement-breakpoint
CREATE INDEX "applications_sanctions_any_idx" ON "applications" USING btree ("created_at","id") WHERE erased_at is null and (check_sanctions or screen_sanctions);--> statement-breakpoint
CREATE INDEX "applications_unscreened_idx" ON "applications" USING btree ("created_at","id") WHERE erased_at is null and check_sanctions is null and screen_sanctions is null;--> statement-breakpoint
DROP INDEX "applications_pep_idx";--> statement-breakpoint
CREATE INDEX "applications_pep_idx" ON "applications" USING btree ("created_at","id") WHERE erased_at is null and (declared_pep or check_pep or screen_pep);--> statement-breakpoint
CREATE INDEX "applications_screened_at_idx" ON "applications" USING btree ("screened_at" NULLS FIRST) WHERE erased_at is null and stage <> 'declined';--> statement-breakpoint
-- Screening is bookkeeping, not activity: updated_at is the retention job's inactivity clock
-- (CONTRACT §6), so an update that changes when the applicant was screened, or the flags their
-- alerts set, leaves it as it was. Every other update a statement makes still sets it.
CREATE FUNCTION applications_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1
    AND NEW.screened_at IS NOT DISTINCT FROM OLD.screened_at
    AND NEW.screen_pep IS NOT DISTINCT FROM OLD.screen_pep
    AND NEW.screen_sanctions IS NOT DISTINCT FROM OLD.screen_sanctions THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER applications_updated_at ON applications;--> statement-breakpoint
CREATE TRIGGER applications_updated_at BEFORE UPDATE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_set_updated_at();--> statement-breakpoint
-- The application's flags follow its live alerts (open, confirmed, or awaiting a second member's
-- approval of a clearance), whichever code writes them: the staff list filters on the flags.
CREATE FUNCTION screening_alerts_flag_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications AS a
    SET screen_sanctions = EXISTS (SELECT 1 FROM screening_alerts AS s
          WHERE s.application_id = a.id AND s.kind = 'sanctions'
            AND s.status IN ('open', 'confirmed', 'clear_requested')),
        screen_pep = EXISTS (SELECT 1 FROM screening_alerts AS s
          WHERE s.application_id = a.id AND s.kind = 'pep'
            AND s.status IN ('open', 'confirmed', 'clear_requested'))
    WHERE a.id IN (SELECT application_id FROM changed_rows) AND a.erased_at IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER screening_alerts_flag_insert AFTER INSERT ON screening_alerts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION screening_alerts_flag_application();--> statement-breakpoint
CREATE TRIGGER screening_alerts_flag_update AFTER UPDATE ON screening_alerts
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION screening_alerts_flag_application();
