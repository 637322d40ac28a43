import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicantDeclineResponse,
  ApplicantEraseApproveResponse,
  ApplicantEraseResponse,
  DataProtectionResponse,
  TApplicantDeclineRequest,
  TApplicantEraseRequest,
} from '#shared/schemas/data-protection.ts';
import type { ApiPath } from '#client/lib/api-client.ts';
import { adminKey, refreshOnConflict } from '../keys.ts';
import { staffApi } from './staff-api.ts';

export const dataProtectionKey = [...adminKey, 'data-protection'] as const;

/** `admin-data-protection` (owner, compliance): retention table, recent runs, pending requests. */
export const dataProtectionQuery = queryOptions({
  queryKey: dataProtectionKey,
  queryFn: ({ signal }) =>
    staffApi.post<DataProtectionResponse>('/admin-data-protection', {}, { signal }),
  // SPEC §8: an admin failure is logged and shown, never retried.
  retry: false,
});

export function useDataProtection() {
  return useQuery(dataProtectionQuery);
}

/**
 * Every data-protection action changes the applicant's row, their timeline and the pending
 * requests at once: read every staff list again. A 409 (someone acted first) refreshes too.
 */
function useCaseMutation<TInput, TResult>(path: ApiPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => staffApi.post<TResult>(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}

/** `admin-applicant-decline`: ends the application; the reason stays internal. */
export const useDeclineApplicant = () =>
  useCaseMutation<TApplicantDeclineRequest, ApplicantDeclineResponse>('/admin-applicant-decline');

/** `admin-applicant-erase`: asks for erasure; a second member carries it out. */
export const useRequestErasure = () =>
  useCaseMutation<TApplicantEraseRequest, ApplicantEraseResponse>('/admin-applicant-erase');

/** `admin-applicant-erase-approve`: by a member other than the requester; cannot be undone. */
export const useApproveErasure = () =>
  useCaseMutation<{ basic_id: string }, ApplicantEraseApproveResponse>(
    '/admin-applicant-erase-approve',
  );
