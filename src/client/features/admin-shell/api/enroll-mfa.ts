import { useMutation } from '@tanstack/react-query';
import type { AdminEnrollResponse, TAdminCodeRequest } from '#shared/schemas/staff.ts';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `admin-mfa-enroll`: the first code from the new authenticator proves it works; the answer is
 * a staff token and the ten recovery codes, shown once.
 */
export function enrollMfa(input: TAdminCodeRequest): Promise<AdminEnrollResponse> {
  return callApi('admin-mfa-enroll', input);
}

export function useEnrollMfa() {
  return useMutation({ mutationFn: enrollMfa });
}
