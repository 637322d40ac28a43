import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferActionRequest } from '#shared/schemas/apply.ts';
import { callApi } from '#client/lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';

/** `POST /api/apply-offer-action`: accept the offer with a typed signature, or take a lower tier. */
export function offerAction(data: TOfferActionRequest) {
  return callApi('apply-offer-action', data);
}

export function useOfferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stageQueryKey }),
  });
}
