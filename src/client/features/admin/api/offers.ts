import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferListResponse, StaffOkResponse } from '../../../../shared/schemas/admin.ts';
import type { Tier } from '../../../../shared/tiers.ts';
import { adminKey, refreshOnConflict } from './applicants.ts';
import { staffApi } from './staff-api.ts';

export const offersKey = [...adminKey, 'offers'] as const;

/** `admin-offer-list`: applicants at stage kyc, with details and the suggested tier. */
export const offersQueryOptions = () =>
  queryOptions({
    queryKey: offersKey,
    queryFn: ({ signal }) => staffApi.post<OfferListResponse>('/admin-offer-list', {}, { signal }),
  });

export function useOffers() {
  return useQuery(offersQueryOptions());
}

/** `admin-offer-issue`. */
export function useIssueOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { basic_id: string; tier: Tier; pricing_note: string | null }) =>
      staffApi.post<StaffOkResponse>('/admin-offer-issue', input),
    onSuccess: (_data, input) => {
      // The card leaves at once; the refetch below confirms it.
      queryClient.setQueryData<OfferListResponse>(offersKey, (current) =>
        current
          ? { ...current, data: current.data.filter((row) => row.basic_id !== input.basic_id) }
          : current,
      );
      return queryClient.invalidateQueries({ queryKey: adminKey });
    },
    // The application moved on meanwhile (409): show the lists as they are now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
