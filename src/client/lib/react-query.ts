import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isRetryable, MAX_RETRIES, retryDelay } from './retry.ts';

/** SPEC §9: retry up to 3 times, exponential back-off capped at 30 s, garbage-collect after 5 min. */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
    retryDelay,
    gcTime: 5 * 60 * 1000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
