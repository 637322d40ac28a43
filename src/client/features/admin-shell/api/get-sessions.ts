import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionListResponse } from '#shared/schemas/staff.ts';
import { adminKey } from '#client/lib/staff/keys.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

export const sessionsKey = [...adminKey, 'sessions'] as const;

/** `admin-session-list`: the signed-in member's own sessions, this one marked `current`. */
export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: ({ signal }) =>
    staffApi.post<SessionListResponse>('/admin-session-list', {}, { signal }),
  retry: false,
});

/** Read only while the dialog is open: nobody needs the list otherwise. */
export function useSessions(enabled: boolean) {
  return useQuery({ ...sessionsQuery, enabled });
}
