import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '#client/lib/api-client.ts';
import { adminKey } from '#client/lib/staff/keys.ts';
import { offersKey, updateOfferRow, type OfferPage } from '#client/lib/staff/api/offers.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/**
 * `admin-offer-approve` (owner): the second pair of eyes on an offer to a politically exposed
 * person. The server refuses the offer's own issuer (403), and answers 404 when the offer no
 * longer waits (approved by another owner meanwhile).
 */
export function useApproveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (basicId: string) => staffApi.call('admin-offer-approve', { basic_id: basicId }),
    meta: staffMeta('admin-offer-approve', 'Failed to approve offer'),
    onSuccess: (_data, basicId) => {
      // The offer went out and the applicant moved on: the card leaves at once.
      queryClient.setQueriesData<OfferPage>({ queryKey: offersKey }, (current) =>
        updateOfferRow(current, basicId, () => null),
      );
      return queryClient.invalidateQueries({ queryKey: adminKey });
    },
    // Approved, withdrawn or blocked meanwhile (404, 409): show the lists as they are now.
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: adminKey });
      }
    },
  });
}
