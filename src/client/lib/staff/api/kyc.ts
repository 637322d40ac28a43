import { useQuery } from '@tanstack/react-query';
import type { TKycListRequest } from '#shared/schemas/admin.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffPageQuery, useStaffAction, type StaffPage } from './staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

export const kycKey = [...adminKey, 'kyc'] as const;

/** One page of a queue, with the page it is (shown while the next one loads). */
export type KycPage = StaffPage<'admin-kyc-list'>;

/** `admin-kyc-list`: one page of files, oldest upload first; `status` narrows it. */
export function getKycFiles(params: TKycListRequest, signal?: AbortSignal) {
  return staffApi.call('admin-kyc-list', params, { signal });
}

export const kycFilesQueryOptions = (params: TKycListRequest) =>
  staffPageQuery(kycKey, 'admin-kyc-list', params);

export function useKycFiles(params: TKycListRequest) {
  return useQuery(kycFilesQueryOptions(params));
}

export type KycAction = 'approve' | 'reject';
type KycActionInput = {
  file_id: string;
  action: KycAction;
  notes: string | null;
  reason: string | null;
};

/**
 * `admin-kyc-action`: notes stay internal; `reason` is what a rejected applicant reads. A review
 * can move the application (to offers, or back to details), so every list is read again; so it
 * is after a 409 (reviewed by someone else meanwhile).
 */
export function useKycAction() {
  return useStaffAction(
    (input: KycActionInput) => staffApi.call('admin-kyc-action', input),
    staffMeta('admin-kyc-action', (input: KycActionInput) => `Failed to ${input.action} KYC`),
  );
}

/**
 * `GET /api/admin-kyc-file/:id`: the file itself. It needs the staff token in a header, so it
 * cannot be an <img src>; the caller shows the blob through an object URL.
 */
export async function getKycFileBlob(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await staffApi.download('admin-kyc-file', { param: id }, { signal });
  return response.blob();
}
