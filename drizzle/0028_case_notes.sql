CREATE TABLE "case_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_id_staff_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notes_application_idx" ON "case_notes" USING btree ("application_id","created_at");--> statement-breakpoint
-- Append-only: a note is never edited, whatever code writes (erasure deletes it with the rest).
-- Only its author reference may change, to null, when that member's row goes.
CREATE FUNCTION case_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.text IS DISTINCT FROM OLD.text OR NEW.application_id IS DISTINCT FROM OLD.application_id
    OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.author_id IS NOT NULL AND NEW.author_id IS DISTINCT FROM OLD.author_id THEN
    RAISE EXCEPTION 'case notes are append-only' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER case_notes_append_only BEFORE UPDATE ON case_notes
  FOR EACH ROW EXECUTE FUNCTION case_notes_append_only();
