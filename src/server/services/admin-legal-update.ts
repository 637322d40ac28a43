import { eq } from 'drizzle-orm';
import type { LegalDocument, LegalSlug } from '#shared/schemas/site.ts';
import type { Actor } from '../audit.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sanitizeRichHtml } from '../lib/sanitize-html.ts';
import { legalAuditSnapshot, toLegalDocument } from './legal-documents.ts';

export const DOCUMENT_TEXT_REQUIRED = 'Document text is required';

export interface AdminLegalUpdateOptions {
  db: Db;
  actor: Actor & { type: 'staff' };
  /** Validated with ZLegalUpdateRequest. */
  input: { slug: LegalSlug; title: string; html: string };
}

/**
 * `admin-legal-update`: saves staff's edit of one legal document, sanitised, with its audit
 * row in the same transaction.
 */
export async function adminLegalUpdate(options: AdminLegalUpdateOptions): Promise<LegalDocument> {
  const { slug, title } = options.input;
  const html = sanitizeRichHtml(options.input.html);
  // Markup that was nothing but disallowed tags leaves no document.
  if (!html) {
    throw new AppError('invalid_input', DOCUMENT_TEXT_REQUIRED, {
      details: { html: DOCUMENT_TEXT_REQUIRED },
    });
  }

  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: legalDocuments.title, html: legalDocuments.html })
      .from(legalDocuments)
      .where(eq(legalDocuments.slug, slug))
      .for('update');
    const [row] = await tx
      .insert(legalDocuments)
      .values({ slug, title, html })
      .onConflictDoUpdate({
        target: legalDocuments.slug,
        set: { title, html },
      })
      .returning();
    if (!row) throw new Error('legal_documents upsert returned no row');
    await writeAudit(tx, {
      actor: options.actor,
      action: 'legal.update',
      target: { type: 'legal_document', id: slug },
      before: before ? legalAuditSnapshot(before) : null,
      after: legalAuditSnapshot(row),
    });
    return toLegalDocument(row);
  });
}
