import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicantCaseResponse,
  CaseAssignAction,
  CaseAssignResponse,
  IdentityApproveResponse,
  TIdentityApproveRequest,
} from '#shared/schemas/case.ts';
import { adminKey, refreshOnConflict } from '../keys.ts';
import { staffApi } from './staff-api.ts';

/** Under adminKey: any staff action refreshes the open case with every list. */
export const caseKey = (basicId: string) => [...adminKey, 'case', basicId] as const;

/** `admin-applicant-case`: everything the case screen shows, in one answer. */
export const caseQueryOptions = (basicId: string) =>
  queryOptions({
    queryKey: caseKey(basicId),
    queryFn: ({ signal }) =>
      staffApi.post<ApplicantCaseResponse>(
        '/admin-applicant-case',
        { basic_id: basicId },
        {
          signal,
        },
      ),
  });

export function useApplicantCase(basicId: string) {
  return useQuery(caseQueryOptions(basicId));
}

/** `admin-case-assign`: take (or, explicitly, take over) or release a case. */
export function useCaseAssign(basicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: CaseAssignAction; takeover?: boolean }) =>
      staffApi.post<CaseAssignResponse>('/admin-case-assign', { basic_id: basicId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    // Someone else took it meanwhile (409): show who has it now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}

/**
 * `admin-identity-approve` (owner, compliance): approves an identity Veriff declined, with a
 * reason; the applicant moves on to the Offers queue, so every staff list is read again.
 */
export function useApproveIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TIdentityApproveRequest) =>
      staffApi.post<IdentityApproveResponse>('/admin-identity-approve', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    // Declined or approved by someone else meanwhile (409): show the case as it is now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}
