import { useQuery } from '@tanstack/react-query';
import type { TApplicantListRequest } from '#shared/schemas/admin-lists.ts';
import type { OVERRIDE_TIERS } from '#shared/tiers.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffPageQuery, useStaffAction, type StaffPage } from './staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

export type OverrideTier = (typeof OVERRIDE_TIERS)[number];

export const applicantsKey = [...adminKey, 'applicants'] as const;

/** `admin-applicant-list`: one page of applicants, filtered and searched on the server. */
export function getApplicants(params: TApplicantListRequest, signal?: AbortSignal) {
  return staffApi.call('admin-applicant-list', params, { signal });
}

/** One page of the list, with the page it is (shown while the next one loads). */
export type ApplicantPage = StaffPage<'admin-applicant-list'>;

export const applicantsQueryOptions = (params: TApplicantListRequest) =>
  staffPageQuery(applicantsKey, 'admin-applicant-list', params);

export function useApplicants(params: TApplicantListRequest) {
  return useQuery(applicantsQueryOptions(params));
}

/**
 * `admin-applicant-override-tier`: the reason is required (3–500 characters). Like every action
 * on an applicant, it refreshes the rows and their timelines.
 */
export function useOverrideTier() {
  return useStaffAction(
    (input: { basic_id: string; tier: OverrideTier; reason: string }) =>
      staffApi.call('admin-applicant-override-tier', input),
    staffMeta('admin-applicant-override-tier', 'Failed to override tier'),
  );
}

/**
 * `admin-applicant-resend-link`: a fresh resume link to the applicant's own address. The list
 * says 'Failed to send magic link' (SPEC §6); the case screen names it 'the link'.
 */
export function useResendLink(errorTitle = 'Failed to send magic link') {
  return useStaffAction(
    (basicId: string) => staffApi.call('admin-applicant-resend-link', { basic_id: basicId }),
    staffMeta('admin-applicant-resend-link', errorTitle),
  );
}

/** `admin-applicant-invite`: invites an applicant from the public form; answers the code. */
export function useInviteApplicant() {
  return useStaffAction(
    (basicId: string) => staffApi.call('admin-applicant-invite', { basic_id: basicId }),
    staffMeta('admin-applicant-invite', 'Failed to send invitation'),
  );
}
