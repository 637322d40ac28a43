import { useMutation } from '@tanstack/react-query';
import type { AdminAuthResponse, TStaffJoinRequest } from '#shared/schemas/staff.ts';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `admin-staff-join`: the invitation token and the new member's passphrase; answers like
 * `admin-auth` with `mfa: 'enroll'`, so the same enrolment follows.
 */
export function joinStaff(input: TStaffJoinRequest): Promise<AdminAuthResponse> {
  return callApi('admin-staff-join', input);
}

export function useJoinStaff() {
  return useMutation({ mutationFn: joinStaff });
}
