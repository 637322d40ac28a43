import { pageField, pageSizeField } from './fields.ts';
import { z } from './zod.ts';

/**
 * Mail that spent its retries (CONTRACT §7: e-mail runs from the outbox table): the staff calls
 * that show it and send it again, and the outbox figures monitoring reads.
 */

export const FAILED_MAIL_PAGE_SIZE = 20;

/** `admin-email-failed-list`: newest failure first. */
export const ZFailedMailListRequest = z.object({
  page: pageField,
  pageSize: pageSizeField(FAILED_MAIL_PAGE_SIZE),
});
export type TFailedMailListRequest = z.input<typeof ZFailedMailListRequest>;

/** One failed mail as staff see it: who it was for and why it failed, never its body. */
export type FailedMailRow = {
  id: string;
  to: string;
  subject: string;
  template: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** When the last attempt failed. */
  failed_at: string;
};
export type FailedMailListResponse = { ok: true; data: FailedMailRow[]; total: number };

/** `admin-email-retry`: one mail by id, or every failed mail. */
export const ZMailRetryRequest = z.union(
  [z.object({ id: z.uuid('Please choose an e-mail') }), z.object({ all: z.literal(true) })],
  'Please choose an e-mail, or retry all',
);
export type TMailRetryRequest = z.input<typeof ZMailRetryRequest>;
export type MailRetryResponse = { ok: true; retried: number };

export const MAIL_NOT_FAILED_MESSAGE = 'This e-mail is not waiting for a retry.';

/** `GET /healthz/detail`'s outbox figures: counts and an age, nothing personal. */
export type OutboxHealth = {
  pending: number;
  /** Seconds the oldest pending mail has waited; 0 when none. */
  oldest_pending_seconds: number;
  failed: number;
};
