/**
 * The legal documents' names and shape, apart from their request schemas: the public legal
 * screens need these and nothing else, so they load no validation library (decision 046).
 */
export const LEGAL_SLUGS = ['privacy', 'terms', 'cookies'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** One row of `GET /api/legal-documents` (ordered by slug). `html` is already sanitised. */
export type LegalDocument = { slug: LegalSlug; title: string; html: string; updated_at: string };
