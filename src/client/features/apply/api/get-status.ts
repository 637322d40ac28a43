import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplyStatusResponse } from '#shared/schemas/journey.ts';
import { readApi } from '#client/lib/api-client.ts';
import { applicantSessionEnding } from '../utils/session.ts';

/** SPEC §9: the review screen asks for the stage every 8 seconds. */
export const STATUS_POLL_MS = 8000;

/** `GET /api/apply-status`: the applicant's current stage, cheap enough to poll. */
export function getStatus({ signal }: { signal?: AbortSignal } = {}) {
  return readApi('apply-status', { signal });
}

export const statusQueryKey = ['apply', 'status'] as const;

export const getStatusQueryOptions = () =>
  queryOptions({
    queryKey: statusQueryKey,
    queryFn: ({ signal, client }) => {
      if (applicantSessionEnding()) {
        // Signing out, or signed out while the screen is still leaving: the poll would be
        // refused. What is known stands; with nothing known there is nothing to show.
        const known = client.getQueryData<ApplyStatusResponse>(statusQueryKey);
        if (known) return known;
        throw new Error('The applicant session has ended');
      }
      return getStatus({ signal });
    },
    refetchInterval: STATUS_POLL_MS,
    // Keep checking while the tab is in the background, so a returning applicant is up to date.
    refetchIntervalInBackground: true,
    retry: false,
  });

export function useApplicationStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStatusQueryOptions(), enabled });
}
