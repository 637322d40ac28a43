import { useMutation } from '@tanstack/react-query';
import type { TInviteCodeRequest } from '#shared/schemas/apply.ts';
import { INVALID_INVITE_MESSAGE } from '#shared/journey-messages.ts';
import type { ValidateInviteResponse } from '#shared/schemas/journey.ts';
import { ApiError, callApi } from '#client/lib/api-client.ts';

/**
 * `POST /api/validate-invite`: checks a code without redeeming it. An answer without
 * `valid: true` is an invalid code (SPEC §8); the server's own 404 text wins when it sends one.
 */
export async function validateInvite(data: TInviteCodeRequest): Promise<ValidateInviteResponse> {
  const response = await callApi('validate-invite', data);
  // Checked, not trusted: only `valid: true` lets the applicant on.
  if (response?.valid !== true) throw new ApiError(404, INVALID_INVITE_MESSAGE);
  return response;
}

export function useValidateInvite() {
  return useMutation({ mutationFn: validateInvite });
}
