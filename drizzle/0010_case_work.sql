-- Case work (issue: queues, case screen, assignment, search). Staff search ignores case and
-- accents, and finds phones by their digits. unaccent() is only STABLE (its dictionary could be
-- changed), so it cannot be indexed as it is; search_text() names the dictionary explicitly and
-- is declared IMMUTABLE, the usual way to index it (we never change the dictionary).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION phone_digits(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(value, '[^0-9]', '', 'g') $$;--> statement-breakpoint
DROP INDEX "applications_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "applications_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigned_to_staff_members_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_assigned_idx" ON "applications" USING btree ("assigned_to") WHERE assigned_to is not null;--> statement-breakpoint
CREATE INDEX "applications_name_search_idx" ON "applications" USING gin (search_text("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_email_search_idx" ON "applications" USING gin (search_text("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_phone_digits_idx" ON "applications" USING gin (phone_digits("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_stage_changed_idx" ON "applications" USING btree ("stage","stage_changed_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigned_check" CHECK ((assigned_to is null) = (assigned_at is null));--> statement-breakpoint
-- Existing rows: the last update is the best record of when the stage last changed; a token's
-- last call is unknown, so its creation stands in.
UPDATE "applications" SET "stage_changed_at" = "updated_at";--> statement-breakpoint
UPDATE "staff_tokens" SET "last_active_at" = "created_at";--> statement-breakpoint
-- Whatever code moves an application, the time it entered its stage is right.
CREATE OR REPLACE FUNCTION applications_stage_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage IS DISTINCT FROM OLD.stage THEN
    NEW.stage_changed_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_stage_changed" BEFORE UPDATE OF "stage" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION applications_stage_changed();
