DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Mail already waiting that someone is waiting for goes first too (src/server/mail/priority.ts).
UPDATE "email_outbox" SET "priority" = 1 WHERE "status" = 'pending' AND "template" IN (
  'admin_staff_invite.invitation', 'apply_magic_link.resume_link',
  'admin_applicant_resend_link.resume_link', 'admin_applicant_resend_link.confirm_email',
  'apply_details.confirm_email', 'apply_basic.already_applied',
  'contact.staff_notification.test', 'eoi.staff_notification.test');--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","priority" DESC NULLS LAST,"next_attempt_at");
