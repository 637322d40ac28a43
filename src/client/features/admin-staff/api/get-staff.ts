import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffListResponse } from '#shared/schemas/staff.ts';
import { adminKey } from '#client/lib/staff/keys.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

export const staffListKey = [...adminKey, 'staff'] as const;

/** `admin-staff-list` (owner): every member with status, second factor and last sign-in. */
export const staffListQuery = queryOptions({
  queryKey: staffListKey,
  queryFn: ({ signal }) => staffApi.post<StaffListResponse>('/admin-staff-list', {}, { signal }),
  // SPEC §8: an admin failure is logged and toasted, never retried.
  retry: false,
});

export function useStaffList() {
  return useQuery(staffListQuery);
}
