ALTER TABLE "application_details" ALTER COLUMN "employment_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("failed_at") WHERE status = 'failed';--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_card_last4_check" CHECK (card_last4 ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "application_details" ADD CONSTRAINT "application_details_annual_income_check" CHECK (annual_income >= 0);--> statement-breakpoint
ALTER TABLE "application_details" ADD CONSTRAINT "application_details_employment_status_check" CHECK (employment_status in ('employed', 'self_employed', 'business_owner', 'retired', 'student', 'not_employed'));--> statement-breakpoint
ALTER TABLE "application_details" ADD CONSTRAINT "application_details_card_tier_pref_check" CHECK (card_tier_pref in ('standard', 'noir', 'titan', 'monarch', 'elite'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_check" CHECK (source in ('application', 'invite'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_type_check" CHECK (actor_type in ('staff', 'applicant', 'system', 'provider'));--> statement-breakpoint
ALTER TABLE "card_assets" ADD CONSTRAINT "card_assets_tier_check" CHECK (tier in ('standard', 'noir', 'titan', 'monarch', 'elite'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_provider_check" CHECK (provider in ('builtin', 'veriff'));--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_decision_check" CHECK (decision in ('approved', 'declined', 'resubmission_requested'));--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_slug_check" CHECK (slug in ('privacy', 'terms', 'cookies'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tier_check" CHECK (tier in ('standard', 'noir', 'titan', 'monarch', 'elite'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_downgraded_from_check" CHECK (downgraded_from in ('standard', 'noir', 'titan', 'monarch', 'elite'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_signature_check" CHECK (accepted_at is null or (esign_name is not null and esign_name <> '' and terms_hash is not null));--> statement-breakpoint
-- updated_at is kept in one place (hand-written): every UPDATE of a table that has the column
-- sets it, whichever code path or tool writes the row.
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER applications_updated_at BEFORE UPDATE ON applications
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER application_details_updated_at BEFORE UPDATE ON application_details
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER eoi_requests_updated_at BEFORE UPDATE ON eoi_requests
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER contact_messages_updated_at BEFORE UPDATE ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER site_settings_updated_at BEFORE UPDATE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER identity_checks_updated_at BEFORE UPDATE ON identity_checks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER legal_documents_updated_at BEFORE UPDATE ON legal_documents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
