import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStaffUpdateRequest } from '#shared/schemas/staff.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import { staffListKey } from './get-staff.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/**
 * `admin-staff-update` (owner): a new role and/or status. The server ends the member's
 * sessions at once; the last active owner can be neither demoted nor disabled (409).
 */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStaffUpdateRequest) => staffApi.call('admin-staff-update', input),
    meta: staffMeta('admin-staff-update', (input: TStaffUpdateRequest) =>
      input.role
        ? 'Failed to change role'
        : input.status === 'active'
          ? 'Failed to enable member'
          : 'Failed to disable member',
    ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffListKey });
      // An owner who changed their own account finds out (a 401 brings the gate) at once.
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
    // A refusal (409) may mean the list moved under us: read it again either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
