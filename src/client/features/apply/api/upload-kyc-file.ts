import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycFileType } from '#shared/stages.ts';
import { uploadApi } from '#client/lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';

export type KycUpload = { type: KycFileType; file: File };

/** `POST /api/apply-kyc-upload` (multipart: type, file): one identity document or selfie. */
export function uploadKycFile({ type, file }: KycUpload) {
  const body = new FormData();
  // The type goes first: the server reads the fields in order and streams the file.
  body.append('type', type);
  body.append('file', file, file.name);
  return uploadApi('apply-kyc-upload', body);
}

export function useUploadKycFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stageQueryKey }),
  });
}
