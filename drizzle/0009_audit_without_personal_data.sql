-- Audit rows never hold personal data (CONTRACT §6, docs/decisions/031): an erasure keeps the
-- audit log, so nothing in it may need erasing. Rows written before that rule are scrubbed here,
-- once: the personal keys come out of before/after (the values stay in their own tables, which
-- an erasure empties), and applicants' IPs are dropped. The append-only trigger is lifted for
-- this migration only; drizzle runs it in the migration's transaction, so it is back on before
-- anyone else can write, and a failure leaves the log as it was.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
DO $$
DECLARE
  rule record;
BEGIN
  -- mode 'fields': the keys given (not null) are named in `fields`, as rows are written now;
  -- mode 'strip': the keys just go; any other mode is the name of a flag saying one was given.
  FOR rule IN
    SELECT * FROM (VALUES
      ('application.details', ARRAY['annual_income', 'employment_status', 'pep_exposed'], 'fields'),
      ('kyc_file.approve', ARRAY['notes', 'rejection_reason'], 'fields'),
      ('kyc_file.reject', ARRAY['notes', 'rejection_reason'], 'fields'),
      ('sanctions.clear', ARRAY['reason'], 'fields'),
      ('offer.issue', ARRAY['pricing_note'], 'fields'),
      ('offer.issue_for_approval', ARRAY['pricing_note'], 'fields'),
      ('offer.approve', ARRAY['pricing_note'], 'fields'),
      ('offer.accept', ARRAY['esign_name', 'esign_ip', 'esign_user_agent'], 'fields'),
      ('application.activate', ARRAY['card_last4', 'card_shipment_tracking'], 'fields'),
      ('magic_link.resend', ARRAY['sent_to'], 'strip'),
      ('magic_link.issue', ARRAY['requested_from'], 'strip'),
      ('application.duplicate', ARRAY['requested_from'], 'strip'),
      ('email.test', ARRAY['name', 'email'], 'strip'),
      ('invite_code.generate', ARRAY['issued_to'], 'issued_to_set'),
      ('%.export', ARRAY['query'], 'query_set')
    ) AS rules (action, keys, mode)
  LOOP
    UPDATE "audit_log" SET
      "before" = CASE WHEN jsonb_typeof("before") = 'object' THEN "before" - rule.keys
        ELSE "before" END,
      "after" = CASE
        WHEN jsonb_typeof("after") <> 'object' THEN "after"
        WHEN rule.mode = 'strip' THEN "after" - rule.keys
        WHEN rule.mode = 'fields' THEN ("after" - rule.keys) || jsonb_build_object('fields',
          COALESCE((
            SELECT jsonb_agg(k) FROM unnest(rule.keys) AS k
            WHERE "after" -> k NOT IN ('null'::jsonb, '""'::jsonb)
          ), '[]'::jsonb))
        ELSE ("after" - rule.keys) || jsonb_build_object(rule.mode, EXISTS (
          SELECT 1 FROM unnest(rule.keys) AS k
          WHERE "after" -> k NOT IN ('null'::jsonb, '""'::jsonb)
        ))
      END
    WHERE "action" LIKE rule.action
      AND (("before" IS NOT NULL AND jsonb_typeof("before") = 'object' AND "before" ?| rule.keys)
        OR ("after" IS NOT NULL AND jsonb_typeof("after") = 'object' AND "after" ?| rule.keys));
  END LOOP;
END $$;--> statement-breakpoint
-- Staff IPs are a security record of staff; an applicant's (or anyone else's) is not kept.
UPDATE "audit_log" SET "ip" = NULL WHERE "actor_type" <> 'staff' AND "ip" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
