CREATE TABLE "case_escalations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"escalated_by" uuid,
	"escalated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"reference" text,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "case_escalations_status_check" CHECK (status in ('open', 'closed')),
	CONSTRAINT "case_escalations_decision_check" CHECK (decision in ('no_report', 'reported')),
	CONSTRAINT "case_escalations_closed_check" CHECK ((status = 'closed') = (decision is not null and decided_at is not null and decision_reason is not null)),
	CONSTRAINT "case_escalations_reference_check" CHECK (decision is distinct from 'reported' or (reference is not null and reference <> ''))
);
--> statement-breakpoint
CREATE TABLE "decline_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "decline_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "decline_requests_decided_check" CHECK ((status = 'pending') = (decided_by is null and decided_at is null)),
	CONSTRAINT "decline_requests_four_eyes_check" CHECK (decided_by is null or decided_by <> requested_by)
);
--> statement-breakpoint
ALTER TABLE "erasure_requests" DROP CONSTRAINT "erasure_requests_status_check";--> statement-breakpoint
ALTER TABLE "staff_members" DROP CONSTRAINT "staff_members_role_check";--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_escalations" ADD CONSTRAINT "case_escalations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_escalations" ADD CONSTRAINT "case_escalations_escalated_by_staff_members_id_fk" FOREIGN KEY ("escalated_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_escalations" ADD CONSTRAINT "case_escalations_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decline_requests" ADD CONSTRAINT "decline_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decline_requests" ADD CONSTRAINT "decline_requests_requested_by_staff_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decline_requests" ADD CONSTRAINT "decline_requests_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_escalations_open_idx" ON "case_escalations" USING btree ("application_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "case_escalations_queue_idx" ON "case_escalations" USING btree ("status","escalated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "decline_requests_pending_idx" ON "decline_requests" USING btree ("application_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "decline_requests_queue_idx" ON "decline_requests" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_rejected_by_staff_members_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_pending_approval_idx" ON "offers" USING btree ("issued_at") WHERE approval_status = 'pending_approval';--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_role_check" CHECK (role in ('owner', 'compliance', 'operations', 'mlro'));