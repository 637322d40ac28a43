import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivationListResponse, StaffOkResponse } from '../../../../shared/schemas/admin.ts';
import { adminKey, refreshOnConflict } from './applicants.ts';
import { staffApi } from './staff-api.ts';

export const activationsKey = [...adminKey, 'activations'] as const;

/** `admin-activation-list`: applicants at stage accepted. */
export const activationsQueryOptions = () =>
  queryOptions({
    queryKey: activationsKey,
    queryFn: ({ signal }) =>
      staffApi.post<ActivationListResponse>('/admin-activation-list', {}, { signal }),
  });

export function useActivations() {
  return useQuery(activationsQueryOptions());
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
    }) => staffApi.post<StaffOkResponse>('/admin-activation', input),
    onSuccess: (_data, input) => {
      queryClient.setQueryData<ActivationListResponse>(activationsKey, (current) =>
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
