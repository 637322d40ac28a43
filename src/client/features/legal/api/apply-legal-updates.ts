import { ADMIN_TOKEN_HEADER } from '#shared/api.ts';
import type { OneTimeLegalUpdateResponse } from '#shared/schemas/site.ts';
import { callApi } from '#client/lib/api-client.ts';
import { invalidate, useAction } from '#client/lib/public-data.ts';
import { noteStaffCall } from '#client/lib/staff-activity.ts';
import { legalDocumentsKey } from './get-legal-documents.ts';

/**
 * `one-time-legal-update` (staff, no body): writes the documents bundled with this release
 * over the stored ones. Answers with the slugs it replaced.
 */
export async function applyLegalUpdates({
  token,
}: {
  token: string;
}): Promise<OneTimeLegalUpdateResponse['updated']> {
  // Counts toward the idle end like any staff call (decision 034).
  noteStaffCall();
  const response = await callApi('one-time-legal-update', undefined, {
    headers: { [ADMIN_TOKEN_HEADER]: token },
  });
  return response.updated;
}

/** Applies the bundled documents, then reads the stored ones again. */
async function applyAndReload(input: { token: string }) {
  const updated = await applyLegalUpdates(input);
  await invalidate(legalDocumentsKey);
  return updated;
}

export function useApplyLegalUpdates() {
  return useAction(applyAndReload);
}
