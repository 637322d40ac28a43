import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LegalDocument,
  LegalUpdateResponse,
  TLegalUpdateRequest,
} from '../../../../shared/schemas/site.ts';
import { api } from '../../../lib/api-client.ts';
import { noteStaffCall } from '../../../lib/staff-activity.ts';
import { legalDocumentsQueryKey } from './get-legal-documents.ts';

export type UpdateLegalDocumentInput = { data: TLegalUpdateRequest; token: string };

/** `admin-legal-update` (SPEC §6: the staff token as a bearer header). */
export async function updateLegalDocument({
  data,
  token,
}: UpdateLegalDocumentInput): Promise<LegalDocument> {
  // The member's own call with their staff token: the server counts it toward the idle end
  // (decision 034), so the panel's count moves too.
  noteStaffCall();
  const response = await api.post<LegalUpdateResponse>('/admin-legal-update', data, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.document;
}

export function useUpdateLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLegalDocument,
    onSuccess: (document) => {
      // Show the server's sanitised version at once, then re-read to be sure.
      queryClient.setQueryData<LegalDocument[]>(legalDocumentsQueryKey, (documents) =>
        documents?.map((existing) => (existing.slug === document.slug ? document : existing)),
      );
      return queryClient.invalidateQueries({ queryKey: legalDocumentsQueryKey });
    },
  });
}
