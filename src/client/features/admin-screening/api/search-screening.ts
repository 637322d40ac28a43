import { useMutation } from '@tanstack/react-query';
import type { TScreeningSearchRequest } from '#shared/schemas/screening.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/**
 * `admin-screening-search`: the entries that would open an alert for a name (and, optionally, a
 * date of birth and nationality), best first. It changes nothing, so no list is read again; the
 * form shows a failure itself.
 */
export function useScreeningSearch() {
  return useMutation({
    mutationFn: (input: TScreeningSearchRequest) => staffApi.call('admin-screening-search', input),
    meta: { ...staffMeta('admin-screening-search', 'Search failed'), errorToast: false },
  });
}
