import { isApiError } from './api-client.ts';

/** SPEC §9: a read is retried up to 3 times, with back-off capped at 30 s. */
export const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 4xx answer will not change on retry (except timeouts and rate limits). */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429;
}

/** The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s, … up to 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
