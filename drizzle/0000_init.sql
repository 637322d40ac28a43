-- Trigram indexes back the staff panel's case-insensitive name and e-mail search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "activations" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"card_last4" text,
	"mobile_access_enabled" boolean DEFAULT true NOT NULL,
	"card_shipment_tracking" text,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "application_details" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"annual_income" bigint NOT NULL,
	"employment_status" text DEFAULT 'unknown' NOT NULL,
	"pep_exposed" boolean NOT NULL,
	"card_tier_pref" text DEFAULT 'standard' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text,
	"email" text,
	"phone" text,
	"reason" text,
	"source" text NOT NULL,
	"stage" text NOT NULL,
	"tier_assigned" text,
	"tier_accepted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_stage_check" CHECK (stage in ('basic', 'invited', 'code_verified', 'detailed', 'kyc_in_progress', 'kyc', 'tier_offer', 'accepted', 'activated')),
	CONSTRAINT "applications_tier_assigned_check" CHECK (tier_assigned in ('standard', 'noir', 'titan', 'monarch', 'elite')),
	CONSTRAINT "applications_tier_accepted_check" CHECK (tier_accepted in ('standard', 'noir', 'titan', 'monarch', 'elite'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"application_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "card_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "contact_messages_status_check" CHECK (status in ('new', 'reviewed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "eoi_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"reason" text,
	"application_id" uuid,
	CONSTRAINT "eoi_requests_status_check" CHECK (status in ('new', 'reviewed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "identity_check_events" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"identity_check_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"decision" text,
	"pep" boolean,
	"sanctions" boolean,
	"country" text,
	"last_event" text,
	"last_event_at" timestamp with time zone,
	"raw_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_status_check" CHECK (status in ('created', 'started', 'submitted', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"issued_to" text,
	"issued_application_id" uuid,
	"used_by_application_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_notes" text,
	"rejection_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_files_type_check" CHECK (type in ('document', 'selfie')),
	CONSTRAINT "kyc_files_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signature_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"downgraded_from" text,
	"pricing_note" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"esign_name" text,
	"esign_ip" text,
	"esign_user_agent" text,
	"terms_hash" text
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_auth_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_details" ADD CONSTRAINT "application_details_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eoi_requests" ADD CONSTRAINT "eoi_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_check_events" ADD CONSTRAINT "identity_check_events_identity_check_id_identity_checks_id_fk" FOREIGN KEY ("identity_check_id") REFERENCES "public"."identity_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_issued_application_id_applications_id_fk" FOREIGN KEY ("issued_application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_used_by_application_id_applications_id_fk" FOREIGN KEY ("used_by_application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_files" ADD CONSTRAINT "kyc_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_sessions_token_hash_idx" ON "applicant_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "applicant_sessions_application_idx" ON "applicant_sessions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "applications_stage_created_idx" ON "applications" USING btree ("stage","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_full_name_trgm_idx" ON "applications" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_email_trgm_idx" ON "applications" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_email_lower_idx" ON "applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_application_at_idx" ON "audit_log" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "card_assets_tier_uploaded_idx" ON "card_assets" USING btree ("tier","uploaded_at");--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "eoi_requests_status_created_idx" ON "eoi_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "eoi_requests_created_idx" ON "eoi_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "eoi_requests_full_name_trgm_idx" ON "eoi_requests" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eoi_requests_email_trgm_idx" ON "eoi_requests" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_provider_session_idx" ON "identity_checks" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "identity_checks_application_idx" ON "identity_checks" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_checks_status_idx" ON "identity_checks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "identity_checks_decision_idx" ON "identity_checks" USING btree ("decision");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_upper_idx" ON "invite_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "invite_codes_issued_at_idx" ON "invite_codes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invite_codes_issued_application_idx" ON "invite_codes" USING btree ("issued_application_id");--> statement-breakpoint
CREATE INDEX "kyc_files_status_uploaded_idx" ON "kyc_files" USING btree ("status","uploaded_at");--> statement-breakpoint
CREATE INDEX "kyc_files_application_idx" ON "kyc_files" USING btree ("application_id","type","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "magic_links_signature_hash_idx" ON "magic_links" USING btree ("signature_hash");--> statement-breakpoint
CREATE INDEX "magic_links_application_idx" ON "magic_links" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "offers_application_idx" ON "offers" USING btree ("application_id","issued_at");--> statement-breakpoint
CREATE INDEX "staff_auth_failures_ip_at_idx" ON "staff_auth_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_tokens_token_hash_idx" ON "staff_tokens" USING btree ("token_hash");