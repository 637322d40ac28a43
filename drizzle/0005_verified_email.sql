ALTER TABLE "applications" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magic_links" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "magic_links" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_verified_email_idx" ON "applications" USING btree (lower("email")) WHERE email_verified_at is not null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_email_verified_check" CHECK (email_verified_at is null or email is not null);--> statement-breakpoint
-- Hand-written: addresses already proved before addresses were tracked. The backfill leaves
-- updated_at alone (it is no activity of the applicant's).
ALTER TABLE "applications" DISABLE TRIGGER applications_updated_at;--> statement-breakpoint
-- Proved by a personal invitation code sent to the application's own address: a code bound to
-- the application, or the only code of its batch (a batch shares issued_to and issued_at). One
-- application per address: the most recently active.
UPDATE "applications" AS a SET "email_verified_at" = now()
FROM (
  SELECT DISTINCT ON (lower(app.email)) app.id
  FROM "applications" AS app
  JOIN "invite_codes" AS c ON c.used_by_application_id = app.id
  WHERE app.email IS NOT NULL
    AND lower(c.issued_to) = lower(app.email)
    AND (
      c.issued_application_id IS NOT NULL
      OR NOT EXISTS (
        SELECT 1 FROM "invite_codes" AS sibling
        WHERE sibling.id <> c.id AND sibling.issued_to = c.issued_to AND sibling.issued_at = c.issued_at
      )
    )
  ORDER BY lower(app.email), app.updated_at DESC
) AS proved
WHERE a.id = proved.id;--> statement-breakpoint
-- Proved by a resume link that was used, when no other application holds the address (with two
-- holders the link may have gone to a squatter's application).
UPDATE "applications" AS a SET "email_verified_at" = now()
WHERE a.email IS NOT NULL
  AND a.email_verified_at IS NULL
  AND EXISTS (SELECT 1 FROM "magic_links" AS l WHERE l.application_id = a.id AND l.used_at IS NOT NULL)
  AND NOT EXISTS (
    SELECT 1 FROM "applications" AS other
    WHERE other.id <> a.id AND lower(other.email) = lower(a.email)
  );--> statement-breakpoint
ALTER TABLE "applications" ENABLE TRIGGER applications_updated_at;--> statement-breakpoint
-- Links issued before they were bound to an address prove nothing: retired (a new one is a
-- request away).
UPDATE "magic_links" SET "retired_at" = now() WHERE "used_at" IS NULL AND "email_hash" IS NULL;
