ALTER TABLE "magic_links" ADD COLUMN "email_id" uuid;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magic_links_email_idx" ON "magic_links" USING btree ("email_id");