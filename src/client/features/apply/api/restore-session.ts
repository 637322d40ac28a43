import { useMutation } from '@tanstack/react-query';
import type { ApplySessionResponse } from '#shared/schemas/journey.ts';
import { ApiError, callApi } from '#client/lib/api-client.ts';

/**
 * `POST /api/apply-session`: turns a magic link's `sid` into a session (the server sets the
 * cookies). A success without a session counts as a failure.
 */
export async function restoreSession(data: { sid: string }): Promise<ApplySessionResponse> {
  const response = await callApi('apply-session', data);
  // Checked, not trusted: a 2xx may still carry no session.
  if (response?.ok !== true || !response.basic_id) throw new ApiError(500, 'No session');
  return response;
}

export function useRestoreSession() {
  return useMutation({ mutationFn: restoreSession });
}
