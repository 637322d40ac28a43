import { inArray, sql } from 'drizzle-orm';
import type { LegalSlug } from '#shared/schemas/site.ts';
import type { Actor } from '../audit.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { legalDocuments } from '../db/schema.ts';
import { LEGAL_DOCUMENTS } from '../db/seed-content.ts';
import { sanitizeRichHtml } from '../lib/sanitize-html.ts';
import { legalAuditSnapshot } from './legal-documents.ts';

/**
 * `one-time-legal-update`: writes the documents bundled with this version over the stored
 * ones, all in one transaction with one audit row naming every document it replaced.
 */
export async function oneTimeLegalUpdate(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
}): Promise<LegalSlug[]> {
  const bundled = LEGAL_DOCUMENTS.map((doc) => ({
    slug: doc.slug,
    title: doc.title,
    html: sanitizeRichHtml(doc.html),
  })).sort((a, b) => a.slug.localeCompare(b.slug));
  const slugs = bundled.map((doc) => doc.slug);

  await options.db.transaction(async (tx) => {
    const before = await tx
      .select({ slug: legalDocuments.slug, title: legalDocuments.title, html: legalDocuments.html })
      .from(legalDocuments)
      .where(inArray(legalDocuments.slug, slugs))
      .orderBy(legalDocuments.slug)
      .for('update');
    await tx
      .insert(legalDocuments)
      .values(bundled)
      .onConflictDoUpdate({
        target: legalDocuments.slug,
        set: {
          title: sql`excluded.title`,
          html: sql`excluded.html`,
        },
      });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'legal.bulk_update',
      target: { type: 'legal_document', id: null },
      before: Object.fromEntries(before.map((doc) => [doc.slug, legalAuditSnapshot(doc)])),
      after: Object.fromEntries(bundled.map((doc) => [doc.slug, legalAuditSnapshot(doc)])),
    });
  });
  return slugs;
}
