import { useMutation } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `POST /api/apply-kyc-start`: hands the application to identity verification
 * (→ `kyc_in_progress`). With Veriff the answer carries the provider's page to go to.
 */
export function startKyc() {
  return callApi('apply-kyc-start');
}

export function useStartKyc() {
  return useMutation({ mutationFn: startKyc });
}
