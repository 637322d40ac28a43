import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffOkResponse } from '#shared/schemas/admin.ts';
import type { TSanctionsClearRequest } from '#shared/schemas/staff.ts';
import { adminKey, refreshOnConflict } from '#client/lib/staff/keys.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

/**
 * `admin-sanctions-clear` (owner, compliance): records a sanctions match as a false positive,
 * with a written reason. Offers, the KYC cards and the applicants table all show the match,
 * so every staff list is read again.
 */
export function useClearSanctions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSanctionsClearRequest) =>
      staffApi.post<StaffOkResponse>('/admin-sanctions-clear', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    // Cleared by someone else meanwhile (409): show the lists as they are now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
