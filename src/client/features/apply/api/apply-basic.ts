import { useMutation } from '@tanstack/react-query';
import type { TApplyBasicRequest } from '#shared/schemas/apply.ts';
import type { ApplyBasicResponse } from '#shared/schemas/journey.ts';
import { ApiError, callApi } from '#client/lib/api-client.ts';

/** SPEC §8: a 2xx answer that is not a success. */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';

/**
 * `POST /api/apply-basic`: the application form under its wire names. SPEC §8: an answer
 * without `ok` or `basic_id` is an invalid response.
 */
export async function applyBasic(data: TApplyBasicRequest): Promise<ApplyBasicResponse> {
  const response = await callApi('apply-basic', data);
  // Checked, not trusted: a 2xx may still carry no receipt.
  if (response?.ok !== true || !response.basic_id) {
    throw new ApiError(500, INVALID_RESPONSE_MESSAGE);
  }
  return response;
}

export function useApplyBasic() {
  return useMutation({ mutationFn: applyBasic });
}
