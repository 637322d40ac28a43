import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffListKey } from './get-staff.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/**
 * `admin-staff-reset-mfa` (owner): removes a member's authenticator and recovery codes; they
 * set up a new one at their next sign-in.
 */
export function useResetStaffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staffApi.call('admin-staff-reset-mfa', { id }),
    meta: staffMeta('admin-staff-reset-mfa', 'Failed to reset second factor'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}
