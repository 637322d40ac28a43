import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycActionResponse, KycListResponse } from '../../../../shared/schemas/admin.ts';
import type { KycFileStatus } from '../../../../shared/stages.ts';
import { adminKey, refreshOnConflict } from './applicants.ts';
import { staffApi } from './staff-api.ts';

export const kycKey = [...adminKey, 'kyc'] as const;

/** `admin-kyc-list`: every file (newest first), or only those with `status`. */
export function getKycFiles(status: KycFileStatus | undefined, signal?: AbortSignal) {
  return staffApi.post<KycListResponse>('/admin-kyc-list', status ? { status } : {}, { signal });
}

export const kycFilesQueryOptions = (status?: KycFileStatus) =>
  queryOptions({
    queryKey: [...kycKey, status ?? 'all'] as const,
    queryFn: ({ signal }) => getKycFiles(status, signal),
  });

export function useKycFiles(status?: KycFileStatus) {
  return useQuery(kycFilesQueryOptions(status));
}

export type KycAction = 'approve' | 'reject';

/** `admin-kyc-action`: notes stay internal; `reason` is what a rejected applicant reads. */
export function useKycAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file_id: string;
      action: KycAction;
      notes: string | null;
      reason: string | null;
    }) => staffApi.post<KycActionResponse>('/admin-kyc-action', input),
    // A review can move the application (to offers, or back to details): refresh every list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    // Reviewed by someone else meanwhile (409): show the lists as they are now.
    onError: (error) => refreshOnConflict(queryClient, error),
  });
}

/**
 * `GET /api/admin-kyc-file/:id`: the file itself. It needs the staff token in a header, so it
 * cannot be an <img src>; the caller shows the blob through an object URL.
 */
export async function getKycFileBlob(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await staffApi.request(`/admin-kyc-file/${encodeURIComponent(id)}`, {
    method: 'GET',
    headers: { Accept: '*/*' },
    signal,
  });
  return response.blob();
}
