import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timelineQueryOptions } from './audit.ts';
import { saveFile } from './save-file.ts';
import { staffApi } from './staff-api.ts';

/** The name the server gives the download too (`waj-applicant-<basic_id>.zip`). */
export const applicantExportFileName = (basicId: string) => `waj-applicant-${basicId}.zip`;

/**
 * `admin-applicant-export` (CONTRACT §6, subject access): everything held on one applicant,
 * saved as a ZIP. A refusal (403, 404) is an ApiError like any staff call's.
 */
export async function exportApplicant(basicId: string): Promise<string> {
  const response = await staffApi.request('/admin-applicant-export', {
    method: 'POST',
    body: { basic_id: basicId },
  });
  const fileName = applicantExportFileName(basicId);
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useExportApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportApplicant,
    // The export is audited: the open timeline shows it.
    onSuccess: (_fileName, basicId) =>
      queryClient.invalidateQueries({ queryKey: timelineQueryOptions(basicId).queryKey }),
  });
}
