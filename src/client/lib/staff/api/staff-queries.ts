import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, CallResponse } from '#shared/calls.ts';
import type { MutationErrorMeta } from '#client/lib/react-query.ts';
import { adminKey, refreshOnConflict } from '../keys.ts';
import { staffApi, type StaffPostCall } from './staff-api.ts';

/**
 * The query of one staff call under `queryKey`, with TanStack Query's abort signal passed on.
 * Spread it into `queryOptions` to add the query's own settings (retry, staleTime).
 */
export function staffCallQuery<const K extends readonly unknown[], N extends StaffPostCall>(
  queryKey: K,
  name: N,
  body: CallRequest<N>,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => staffApi.call(name, body, { signal }),
  };
}

/** One page of a paged staff list, with the page it is (shown while the next one loads). */
export type StaffPage<N extends StaffPostCall> = CallResponse<N> & { page: number };

/** One page of a paged staff list under `params`, keyed by them below `key`. */
export function staffPageQuery<
  const K extends readonly unknown[],
  N extends StaffPostCall,
  P extends CallRequest<N> & { page?: unknown },
>(key: K, name: N, params: P) {
  return queryOptions({
    queryKey: [...key, params] as const,
    queryFn: async ({ signal }): Promise<StaffPage<N>> => ({
      ...(await staffApi.call(name, params, { signal })),
      page: Number(params.page ?? 1),
    }),
    // The page on screen stays while the next one loads, so the table never blinks empty.
    placeholderData: keepPreviousData,
  });
}

/**
 * A staff action whose effect every staff list and open case shows: all of them are read again
 * after it, and after a 409 (the application moved on meanwhile: show it as it is now).
 */
export function useStaffAction<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  meta?: MutationErrorMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
