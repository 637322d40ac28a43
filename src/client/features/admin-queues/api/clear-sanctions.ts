import type { TSanctionsClearRequest } from '#shared/schemas/staff.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { useStaffAction } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/**
 * `admin-sanctions-clear` (owner, compliance): records a sanctions match as a false positive,
 * with a written reason. Offers, the KYC cards and the applicants table all show the match,
 * so every staff list is read again (after a 409, cleared by someone else meanwhile, too).
 */
export function useClearSanctions() {
  return useStaffAction(
    (input: TSanctionsClearRequest) => staffApi.call('admin-sanctions-clear', input),
    staffMeta('admin-sanctions-clear', 'Failed to clear match'),
  );
}
