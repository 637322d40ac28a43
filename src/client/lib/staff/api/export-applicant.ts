import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timelineQueryOptions } from './audit.ts';
import { saveDownload } from './save-file.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/** The name the server gives the download too (`waj-applicant-<basic_id>.zip`). */
export const applicantExportFileName = (basicId: string) => `waj-applicant-${basicId}.zip`;

/**
 * `admin-applicant-export` (CONTRACT §6, subject access): everything held on one applicant,
 * saved as a ZIP. A refusal (403, 404) is an ApiError like any staff call's.
 */
export function exportApplicant(basicId: string): Promise<string> {
  return saveDownload(
    'admin-applicant-export',
    { body: { basic_id: basicId } },
    applicantExportFileName(basicId),
  );
}

export function useExportApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportApplicant,
    meta: staffMeta('admin-applicant-export', 'Export failed'),
    // The export is audited: the open timeline shows it.
    onSuccess: (_fileName, basicId) =>
      queryClient.invalidateQueries({ queryKey: timelineQueryOptions(basicId).queryKey }),
  });
}
