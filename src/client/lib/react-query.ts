import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** A 4xx answer will not change on retry (except timeouts and rate limits). */
function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429;
}

/** SPEC §9: retry up to 3 times, exponential back-off capped at 30 s, garbage-collect after 5 min. */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    gcTime: 5 * 60 * 1000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
