import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { KycActionResponse, KycListResponse, TKycListRequest } from '#shared/schemas/admin.ts';
import { adminKey, refreshOnConflict } from '../keys.ts';
import { staffApi } from './staff-api.ts';

export const kycKey = [...adminKey, 'kyc'] as const;

/** One page of a queue, with the page it is (shown while the next one loads). */
export type KycPage = KycListResponse & { page: number };

/** `admin-kyc-list`: one page of files, oldest upload first; `status` narrows it. */
export function getKycFiles(params: TKycListRequest, signal?: AbortSignal) {
  return staffApi.post<KycListResponse>('/admin-kyc-list', params, { signal });
}

export const kycFilesQueryOptions = (params: TKycListRequest) =>
  queryOptions({
    queryKey: [...kycKey, params] as const,
    queryFn: async ({ signal }): Promise<KycPage> => ({
      ...(await getKycFiles(params, signal)),
      page: Number(params.page ?? 1),
    }),
    // The page on screen stays while the next one loads, so the table never blinks empty.
    placeholderData: keepPreviousData,
  });

export function useKycFiles(params: TKycListRequest) {
  return useQuery(kycFilesQueryOptions(params));
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
