import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferListResponse, OfferListRow, TQueueRequest } from '#shared/schemas/admin.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import type { Tier } from '#shared/tiers.ts';
import { adminKey, refreshOnConflict } from '../keys.ts';
import { meKey } from './get-me.ts';
import { staffApi } from './staff-api.ts';
import { staffPageQuery, type StaffPage } from './staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

export const offersKey = [...adminKey, 'offers'] as const;

/** One page of the queue, with the page it is (shown while the next one loads). */
export type OfferPage = StaffPage<'admin-offer-list'>;

/** `admin-offer-list`: one page of applicants at stage kyc, longest waiting first. */
export const offersQueryOptions = (params: TQueueRequest) =>
  staffPageQuery(offersKey, 'admin-offer-list', params);

export function useOffers(params: TQueueRequest) {
  return useQuery(offersQueryOptions(params));
}

/** Changes one card of a cached offers page (`null` takes it out, and one from the total). */
export function updateOfferRow<Page extends OfferListResponse>(
  current: Page | undefined,
  basicId: string,
  update: (row: OfferListRow) => OfferListRow | null,
): Page | undefined {
  if (!current) return current;
  const data: OfferListRow[] = [];
  for (const row of current.data) {
    const next = row.basic_id === basicId ? update(row) : row;
    if (next) data.push(next);
  }
  return { ...current, data, total: current.total - (current.data.length - data.length) };
}

export type IssueOfferInput = { basic_id: string; tier: Tier; pricing_note: string | null };

/**
 * `admin-offer-issue`: 'issued' sends the offer; 'pending_approval' (a politically exposed
 * person) keeps the applicant here until another owner approves it (CONTRACT §5).
 */
export function useIssueOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueOfferInput) => staffApi.call('admin-offer-issue', input),
    meta: staffMeta('admin-offer-issue', 'Failed to issue offer'),
    onSuccess: (response, input) => {
      const me = queryClient.getQueryData<AdminMeResponse>(meKey)?.staff;
      // The card changes at once (it leaves, or shows the offer awaiting approval); the
      // refetch below confirms it.
      queryClient.setQueriesData<OfferPage>({ queryKey: offersKey }, (current) =>
        updateOfferRow(current, input.basic_id, (row) =>
          response.status === 'issued'
            ? null
            : {
                ...row,
                pending_offer: {
                  tier: input.tier,
                  pricing_note: input.pricing_note,
                  issued_at: new Date().toISOString(),
                  issued_by: {
                    id: me?.id ?? null,
                    name: me?.name ?? 'You',
                    email: me?.email ?? null,
                  },
                },
              },
        ),
      );
      return queryClient.invalidateQueries({ queryKey: adminKey });
    },
    // The application moved on meanwhile (409): show the lists as they are now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
