import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApplicantInviteResponse, StaffOkResponse } from '#shared/schemas/admin.ts';
import type { ApplicantListResponse, TApplicantListRequest } from '#shared/schemas/admin-lists.ts';
import type { OVERRIDE_TIERS } from '#shared/tiers.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';

export type OverrideTier = (typeof OVERRIDE_TIERS)[number];

export const applicantsKey = [...adminKey, 'applicants'] as const;

/** `admin-applicant-list`: one page of applicants, filtered and searched on the server. */
export function getApplicants(params: TApplicantListRequest, signal?: AbortSignal) {
  return staffApi.post<ApplicantListResponse>('/admin-applicant-list', params, { signal });
}

/** One page of the list, with the page it is (shown while the next one loads). */
export type ApplicantPage = ApplicantListResponse & { page: number };

export const applicantsQueryOptions = (params: TApplicantListRequest) =>
  queryOptions({
    queryKey: [...applicantsKey, params] as const,
    queryFn: async ({ signal }): Promise<ApplicantPage> => ({
      ...(await getApplicants(params, signal)),
      page: Number(params.page ?? 1),
    }),
    // The page on screen stays while the next one loads, so the table never blinks empty.
    placeholderData: keepPreviousData,
  });

export function useApplicants(params: TApplicantListRequest) {
  return useQuery(applicantsQueryOptions(params));
}

/** The applicant rows and their timelines change after any staff action on an applicant. */
function useRefreshApplicants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKey });
}

/** `admin-applicant-override-tier`: the reason is required (3–500 characters). */
export function useOverrideTier() {
  const refresh = useRefreshApplicants();
  return useMutation({
    mutationFn: (input: { basic_id: string; tier: OverrideTier; reason: string }) =>
      staffApi.post<StaffOkResponse>('/admin-applicant-override-tier', input),
    onSuccess: refresh,
  });
}

/** `admin-applicant-resend-link`: a fresh resume link to the applicant's own address. */
export function useResendLink() {
  const refresh = useRefreshApplicants();
  return useMutation({
    mutationFn: (basicId: string) =>
      staffApi.post<StaffOkResponse>('/admin-applicant-resend-link', { basic_id: basicId }),
    onSuccess: refresh,
  });
}

/** `admin-applicant-invite`: invites an applicant from the public form; answers the code. */
export function useInviteApplicant() {
  const refresh = useRefreshApplicants();
  return useMutation({
    mutationFn: (basicId: string) =>
      staffApi.post<ApplicantInviteResponse>('/admin-applicant-invite', { basic_id: basicId }),
    onSuccess: refresh,
  });
}
