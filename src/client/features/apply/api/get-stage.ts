import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';
import { readBasicId } from '../utils/session.ts';

/**
 * `POST /api/apply-get-stage`: the applicant's own application (stage, tiers, details, files).
 * The server reads the application from the session; `basic_id` is sent as SPEC §7 lists it.
 */
export function getStage({ signal }: { signal?: AbortSignal } = {}) {
  const basicId = readBasicId();
  return callApi('apply-get-stage', basicId ? { basic_id: basicId } : {}, { signal });
}

export const stageQueryKey = ['apply', 'stage'] as const;

export const getStageQueryOptions = () =>
  queryOptions({
    queryKey: stageQueryKey,
    queryFn: ({ signal }) => getStage({ signal }),
    // A 401 means no session: the screens redirect rather than wait out retries.
    retry: false,
  });

export function useApplication({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStageQueryOptions(), enabled });
}
