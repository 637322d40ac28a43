import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '#client/lib/api-client.ts';

/** `GET /api/activation`: the applicant's own activation row (card, mobile access, dates). */
export function getActivation({ signal }: { signal?: AbortSignal } = {}) {
  return readApi('activation', { signal });
}

export const getActivationQueryOptions = () =>
  queryOptions({
    queryKey: ['apply', 'activation'] as const,
    queryFn: ({ signal }) => getActivation({ signal }),
  });

export function useActivation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getActivationQueryOptions(), enabled });
}
