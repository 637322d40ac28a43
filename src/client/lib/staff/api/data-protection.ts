import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TApplicantDeclineRequest,
  TApplicantEraseRequest,
} from '#shared/schemas/data-protection.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffCallQuery, useStaffAction } from './staff-queries.ts';

export const dataProtectionKey = [...adminKey, 'data-protection'] as const;

/** `admin-data-protection` (owner, compliance): retention table, recent runs, pending requests. */
export const dataProtectionQuery = queryOptions({
  ...staffCallQuery(dataProtectionKey, 'admin-data-protection', {}),
  // SPEC §8: an admin failure is logged and shown, never retried.
  retry: false,
});

export function useDataProtection() {
  return useQuery(dataProtectionQuery);
}

/*
 * Every data-protection action changes the applicant's row, their timeline and the pending
 * requests at once: every staff list is read again (useStaffAction), after a 409 (someone acted
 * first) too.
 */

/**
 * `admin-applicant-decline`: asks for a decline (CONTRACT §9); the stage stays until a second
 * member approves it in the approvals queue. The reason stays internal.
 */
export const useDeclineApplicant = () =>
  useStaffAction((input: TApplicantDeclineRequest) =>
    staffApi.call('admin-applicant-decline', input),
  );

/** `admin-applicant-erase`: asks for erasure; a second member carries it out. */
export const useRequestErasure = () =>
  useStaffAction((input: TApplicantEraseRequest) => staffApi.call('admin-applicant-erase', input));

/** `admin-applicant-erase-approve`: by a member other than the requester; cannot be undone. */
export const useApproveErasure = () =>
  useStaffAction((input: { basic_id: string }) =>
    staffApi.call('admin-applicant-erase-approve', input),
  );
