import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey } from '#client/lib/staff/keys.ts';
import { staffCallQuery } from '#client/lib/staff/api/staff-queries.ts';

export const sessionsKey = [...adminKey, 'sessions'] as const;

/** `admin-session-list`: the signed-in member's own sessions, this one marked `current`. */
export const sessionsQuery = queryOptions({
  ...staffCallQuery(sessionsKey, 'admin-session-list', {}),
  retry: false,
});

/** Read only while the dialog is open: nobody needs the list otherwise. */
export function useSessions(enabled: boolean) {
  return useQuery({ ...sessionsQuery, enabled });
}
