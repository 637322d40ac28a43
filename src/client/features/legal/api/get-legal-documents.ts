import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDocument, LegalDocumentsResponse } from '../../../../shared/schemas/site.ts';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/legal-documents`: every document, ordered by slug, html sanitised by the server. */
export async function getLegalDocuments({ signal }: { signal?: AbortSignal } = {}): Promise<
  LegalDocument[]
> {
  const response = await api.get<LegalDocumentsResponse>('/legal-documents', { signal });
  return response.data;
}

export const legalDocumentsQueryKey = ['legal-documents'] as const;

export const getLegalDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: legalDocumentsQueryKey,
    queryFn: ({ signal }) => getLegalDocuments({ signal }),
  });

export function useLegalDocuments() {
  return useQuery(getLegalDocumentsQueryOptions());
}
