import { asc } from 'drizzle-orm';
import type { LegalDocument } from '../../shared/schemas/site.ts';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { sanitizeRichHtml } from '../lib/sanitize-html.ts';

type LegalRow = typeof legalDocuments.$inferSelect;

/**
 * The public shape of a stored document. The HTML is sanitised here again although it was
 * sanitised when written: a row changed by other means (SQL, an old version) is still safe.
 */
export function toLegalDocument(row: LegalRow): LegalDocument {
  return {
    slug: row.slug,
    title: row.title,
    html: sanitizeRichHtml(row.html),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a document: enough to see that and how much it changed. */
export function legalAuditSnapshot(doc: { title: string; html: string }) {
  return { title: doc.title, html_length: doc.html.length, html_sha256: sha256Hex(doc.html) };
}

/** `GET /api/legal-documents`: every document, ordered by slug. */
export async function listLegalDocuments(options: { db: Db }): Promise<LegalDocument[]> {
  const rows = await options.db.select().from(legalDocuments).orderBy(asc(legalDocuments.slug));
  return rows.map(toLegalDocument);
}
