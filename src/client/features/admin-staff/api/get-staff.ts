import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey } from '#client/lib/staff/keys.ts';
import { staffCallQuery } from '#client/lib/staff/api/staff-queries.ts';

export const staffListKey = [...adminKey, 'staff'] as const;

/** `admin-staff-list` (owner): every member with status, second factor and last sign-in. */
export const staffListQuery = queryOptions({
  ...staffCallQuery(staffListKey, 'admin-staff-list', {}),
  // SPEC §8: an admin failure is logged and toasted, never retried.
  retry: false,
});

export function useStaffList() {
  return useQuery(staffListQuery);
}
