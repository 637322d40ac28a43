import { asc } from 'drizzle-orm';
import type { LegalDocument } from '#shared/schemas/site.ts';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema.ts';
import { LEGAL_DOCUMENTS, revisionTime } from '../db/seed-content.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { sanitizeRichHtml } from '../lib/sanitize-html.ts';

type LegalRow = typeof legalDocuments.$inferSelect;

/** The bundled documents as the site serves them (sanitised once, on first use). */
let bundled: Map<string, { title: string; html: string; revised: Date }> | undefined;

function bundledDocument(slug: string) {
  bundled ??= new Map(
    LEGAL_DOCUMENTS.map((doc) => [
      doc.slug,
      { title: doc.title, html: sanitizeRichHtml(doc.html), revised: revisionTime(doc) },
    ]),
  );
  return bundled.get(slug);
}

/**
 * The public shape of a stored document. The HTML is sanitised here again although it was
 * sanitised when written: a row changed by other means (SQL, an old version) is still safe.
 * Its date is the day its text was revised: the bundled revision date while it is stored as
 * bundled (seeding or re-applying it is no revision), else the time staff last changed it.
 */
export function toLegalDocument(row: LegalRow): LegalDocument {
  const html = sanitizeRichHtml(row.html);
  const original = bundledDocument(row.slug);
  const asBundled = original && original.title === row.title && original.html === html;
  return {
    slug: row.slug,
    title: row.title,
    html,
    updated_at: (asBundled ? original.revised : row.updatedAt).toISOString(),
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
