import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplyDetailsRequest } from '#shared/schemas/journey.ts';
import { callApi } from '#client/lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';

/** `POST /api/apply-details`: income, employment, PEP and tier preference (→ `detailed`). */
export function submitDetails(data: TApplyDetailsRequest) {
  return callApi('apply-details', data);
}

export function useSubmitDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stageQueryKey }),
  });
}
