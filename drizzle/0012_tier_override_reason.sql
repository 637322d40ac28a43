ALTER TABLE "applications" DROP CONSTRAINT "applications_erased_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tier_override_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tier_overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_erased_check" CHECK (erased_at is null or (full_name is null and email is null and phone is null and reason is null and decline_reason is null and tier_override_reason is null and erasure_reason is not null));