CREATE TABLE "staff_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"pending_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "staff_challenges_purpose_check" CHECK (purpose in ('verify', 'enroll'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"passphrase_hash" text,
	"totp_secret" text,
	"totp_last_step" bigint,
	"mfa_enabled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_role_check" CHECK (role in ('owner', 'compliance', 'operations')),
	CONSTRAINT "staff_members_status_check" CHECK (status in ('invited', 'active', 'disabled')),
	CONSTRAINT "staff_members_email_lower_check" CHECK (email = lower(email)),
	CONSTRAINT "staff_members_mfa_check" CHECK ((mfa_enabled_at is null) = (totp_secret is null)),
	CONSTRAINT "staff_members_active_check" CHECK (status <> 'active' or passphrase_hash is not null)
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "sanctions_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "sanctions_cleared_by" uuid;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "sanctions_clear_reason" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approval_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_auth_failures" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_challenges" ADD CONSTRAINT "staff_challenges_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_challenges_token_hash_idx" ON "staff_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_challenges_expires_idx" ON "staff_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_idx" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_idx" ON "staff_members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_member_code_idx" ON "staff_recovery_codes" USING btree ("member_id","code_hash");--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_auth_failures_account_at_idx" ON "staff_auth_failures" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "staff_tokens_member_idx" ON "staff_tokens" USING btree ("member_id","expires_at");--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_sanctions_clearance_check" CHECK ((sanctions_cleared_at is null) = (sanctions_clear_reason is null));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_approval_status_check" CHECK (approval_status in ('not_required', 'pending_approval', 'approved'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_approval_check" CHECK ((approval_status = 'approved') = (approved_by is not null and approved_at is not null));--> statement-breakpoint
-- Hand-written: tokens of the shared passphrase name nobody, so none survives this change.
UPDATE "staff_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL;--> statement-breakpoint
CREATE TRIGGER staff_members_set_updated_at BEFORE UPDATE ON "staff_members"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
