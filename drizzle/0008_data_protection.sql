CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	CONSTRAINT "erasure_requests_status_check" CHECK (status in ('pending', 'approved')),
	CONSTRAINT "erasure_requests_approval_check" CHECK ((status = 'approved') = (approved_by is not null and approved_at is not null)),
	CONSTRAINT "erasure_requests_four_eyes_check" CHECK (approved_by is null or approved_by <> requested_by)
);
--> statement-breakpoint
CREATE TABLE "file_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_status_check" CHECK (status in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_stage_check";--> statement-breakpoint
ALTER TABLE "identity_check_events" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "erasure_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_requested_by_staff_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_approved_by_staff_members_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_pending_idx" ON "erasure_requests" USING btree ("application_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_declined_at_idx" ON "applications" USING btree ("declined_at") WHERE erased_at is null;--> statement-breakpoint
CREATE INDEX "email_outbox_application_idx" ON "email_outbox" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "email_outbox_sent_idx" ON "email_outbox" USING btree ("sent_at") WHERE body_erased_at is null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_erasure_reason_check" CHECK (erasure_reason in ('declined', 'inactive', 'request'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_erased_check" CHECK (erased_at is null or (full_name is null and email is null and phone is null and reason is null and decline_reason is null and erasure_reason is not null));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_declined_check" CHECK ((stage = 'declined') = (declined_at is not null));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_check" CHECK (stage in ('basic', 'invited', 'code_verified', 'detailed', 'kyc_in_progress', 'kyc', 'tier_offer', 'accepted', 'activated', 'declined'));--> statement-breakpoint
-- Mails queued before mails named their applicant: an address held by exactly one application is
-- that applicant's, so export and erasure find those mails too.
UPDATE "email_outbox" o SET "application_id" = a."id"
FROM "applications" a
WHERE o."application_id" IS NULL
  AND lower(a."email") = lower(o."to_address")
  AND (SELECT count(*) FROM "applications" b WHERE lower(b."email") = lower(o."to_address")) = 1;
