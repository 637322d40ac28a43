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

/**
 * `forServer`: a cache for one server render, which ends with it, so its entries are never
 * collected on a timer (TanStack's own default on a server, which our 5 minutes would override).
 */
export function createQueryClient({ forServer = false } = {}): QueryClient {
  const defaultOptions = forServer
    ? { ...queryConfig, queries: { ...queryConfig.queries, gcTime: Infinity } }
    : queryConfig;
  return new QueryClient({ defaultOptions });
}
