import type { LegalDocument, TLegalUpdateRequest } from '#shared/schemas/site.ts';
import { callApi } from '#client/lib/api-client.ts';
import { invalidate, setData, useAction } from '#client/lib/public-data.ts';
import { noteStaffCall } from '#client/lib/staff-activity.ts';
import { legalDocumentsKey } from './get-legal-documents.ts';

export type UpdateLegalDocumentInput = { data: TLegalUpdateRequest; token: string };

/** `admin-legal-update` (SPEC §6: the staff token as a bearer header). */
export async function updateLegalDocument({
  data,
  token,
}: UpdateLegalDocumentInput): Promise<LegalDocument> {
  // The member's own call with their staff token: the server counts it toward the idle end
  // (decision 034), so the panel's count moves too.
  noteStaffCall();
  const response = await callApi('admin-legal-update', data, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.document;
}

/** Saves a document, shows the server's sanitised version at once, then re-reads to be sure. */
async function updateAndShow(input: UpdateLegalDocumentInput): Promise<LegalDocument> {
  const document = await updateLegalDocument(input);
  setData<LegalDocument[]>(legalDocumentsKey, (documents = []) =>
    documents.map((existing) => (existing.slug === document.slug ? document : existing)),
  );
  await invalidate(legalDocumentsKey);
  return document;
}

export function useUpdateLegalDocument() {
  return useAction(updateAndShow);
}
