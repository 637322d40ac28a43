import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceLevelRow } from '#shared/schemas/casework.ts';
import type { ServiceLevelQueue } from '#shared/service-levels.ts';
import { serviceLevelsKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';

/** How often the counts are read again while the panel is open (and the browser tab shown). */
export const SERVICE_LEVELS_POLL_MS = 60_000;

/**
 * `admin-service-levels` (every role): each queue's open items and how many are overdue. Read
 * again every minute as a background call, so an idle panel still signs itself out.
 */
export const serviceLevelsQuery = queryOptions({
  queryKey: serviceLevelsKey,
  queryFn: ({ signal }) =>
    staffApi.call('admin-service-levels', undefined, { signal, background: true }),
  refetchInterval: SERVICE_LEVELS_POLL_MS,
  // SPEC §8: an admin failure is logged, never retried; the next poll tries again.
  retry: false,
});

export function useServiceLevels() {
  return useQuery(serviceLevelsQuery);
}

/** One queue's row of the counts, once they have loaded. */
export function useServiceLevel(queue: ServiceLevelQueue): ServiceLevelRow | undefined {
  return useQuery({
    ...serviceLevelsQuery,
    select: (data) => data.levels.find((level) => level.queue === queue),
  }).data;
}
