import { PAGE_QUERY_KEYS } from '#shared/page-data.ts';
import type { LegalDocument } from '#shared/schemas/site.ts';
import { readApi } from '#client/lib/api-client.ts';
import { useData, type DataSource } from '#client/lib/public-data.ts';

/** `GET /api/legal-documents`: every document, ordered by slug, html sanitised by the server. */
export async function getLegalDocuments(): Promise<LegalDocument[]> {
  const response = await readApi('legal-documents');
  return response.data;
}

export const legalDocumentsKey = PAGE_QUERY_KEYS.legalDocuments;

export const legalDocumentsSource: DataSource<LegalDocument[]> = {
  key: legalDocumentsKey,
  fetch: getLegalDocuments,
};

export function useLegalDocuments() {
  return useData(legalDocumentsSource);
}
