import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStaffInviteRequest } from '#shared/schemas/staff.ts';
import { staffListKey } from './get-staff.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/** `admin-staff-invite` (owner): e-mails a single-use link to /admin/join (48 hours). */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStaffInviteRequest) => staffApi.call('admin-staff-invite', input),
    meta: staffMeta('admin-staff-invite', 'Failed to send invitation'),
    // The new member shows at once, as invited.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
