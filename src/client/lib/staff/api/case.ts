import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseAssignAction, TIdentityApproveRequest } from '#shared/schemas/case.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffCallQuery, useStaffAction } from './staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/** Under adminKey: any staff action refreshes the open case with every list. */
export const caseKey = (basicId: string) => [...adminKey, 'case', basicId] as const;

/** `admin-applicant-case`: everything the case screen shows, in one answer. */
export const caseQueryOptions = (basicId: string) =>
  queryOptions(staffCallQuery(caseKey(basicId), 'admin-applicant-case', { basic_id: basicId }));

export function useApplicantCase(basicId: string) {
  return useQuery(caseQueryOptions(basicId));
}

/**
 * `admin-case-assign`: take (or, explicitly, take over) or release a case. Someone else took it
 * meanwhile (409): the case shows who has it now.
 */
export function useCaseAssign(basicId: string) {
  return useStaffAction(
    (input: CaseAssignInput) => staffApi.call('admin-case-assign', { basic_id: basicId, ...input }),
    staffMeta('admin-case-assign', (input: CaseAssignInput) =>
      input.action === 'release' ? 'Failed to release the case' : 'Failed to take the case',
    ),
  );
}

type CaseAssignInput = { action: CaseAssignAction; takeover?: boolean };

/**
 * `admin-identity-approve` (owner, compliance): approves an identity Veriff declined, with a
 * reason; the applicant moves on to the Offers queue, so every staff list is read again.
 * Declined or approved by someone else meanwhile (409): the case shows as it is now.
 */
export function useApproveIdentity() {
  return useStaffAction((input: TIdentityApproveRequest) =>
    staffApi.call('admin-identity-approve', input),
  );
}

/** `admin-case-note-add`: a note on the case (append-only); the case is read again after it. */
export function useAddCaseNote(basicId: string) {
  return useStaffAction(
    (text: string) => staffApi.call('admin-case-note-add', { basic_id: basicId, text }),
    staffMeta('admin-case-note-add', 'Failed to add the note'),
  );
}
