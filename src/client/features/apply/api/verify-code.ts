import { useMutation } from '@tanstack/react-query';
import type { TInviteCodeRequest } from '#shared/schemas/apply.ts';
import type { VerifyCodeResponse } from '#shared/schemas/journey.ts';
import { ApiError, callApi } from '#client/lib/api-client.ts';

/** SPEC §8: the redemption answered without an application to continue. */
export const CREATE_FAILED_MESSAGE = 'Failed to create application';

/**
 * `POST /api/apply-verify-code`: redeems the code, creating (or continuing) the application.
 * The server sets the session cookies; the body's token is not kept by the page.
 */
export async function verifyCode(data: TInviteCodeRequest): Promise<VerifyCodeResponse> {
  const response = await callApi('apply-verify-code', data);
  // Checked, not trusted: a 2xx may still carry no application.
  if (response?.ok !== true || !response.basic_id) {
    throw new ApiError(500, CREATE_FAILED_MESSAGE);
  }
  return response;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
