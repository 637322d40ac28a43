import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQueueRequest } from '#shared/schemas/admin.ts';
import { adminKey, refreshOnConflict } from '#client/lib/staff/keys.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffPageQuery, type StaffPage } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

export const activationsKey = [...adminKey, 'activations'] as const;

/** One page of the queue, with the page it is (shown while the next one loads). */
export type ActivationPage = StaffPage<'admin-activation-list'>;

/** `admin-activation-list`: one page of applicants at stage accepted, longest waiting first. */
export const activationsQueryOptions = (params: TQueueRequest) =>
  staffPageQuery(activationsKey, 'admin-activation-list', params);

export function useActivations(params: TQueueRequest) {
  return useQuery(activationsQueryOptions(params));
}

/** `admin-activation`. */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      basic_id: string;
      card_shipment_tracking: string | null;
      card_last4: string | null;
      mobile_access_enabled: boolean;
    }) => staffApi.call('admin-activation', input),
    meta: staffMeta('admin-activation', 'Failed to activate account'),
    onSuccess: (_data, input) => {
      queryClient.setQueriesData<ActivationPage>({ queryKey: activationsKey }, (current) => {
        if (!current) return current;
        const data = current.data.filter((row) => row.basic_id !== input.basic_id);
        return { ...current, data, total: current.total - (current.data.length - data.length) };
      });
      return queryClient.invalidateQueries({ queryKey: adminKey });
    },
    // The application moved on meanwhile (409): show the lists as they are now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
