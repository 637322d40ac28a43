import { siteSettings, legalDocuments } from './schema.ts';
import type { Db } from './client.ts';
import { LEGAL_DOCUMENTS, PRESS_BOILERPLATE, revisionTime } from './seed-content.ts';

/**
 * First-start data. Inserts only what is missing, so a restart never overwrites what staff
 * changed since (maintenance mode, invite mode, edited legal copy).
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(siteSettings)
    .values([
      { key: 'maintenance_mode', value: { enabled: false } },
      { key: 'invite_mode', value: { enabled: true } },
      { key: 'press_boilerplate', value: PRESS_BOILERPLATE },
    ])
    .onConflictDoNothing();
  await db
    .insert(legalDocuments)
    .values(
      LEGAL_DOCUMENTS.map((d) => ({
        slug: d.slug,
        title: d.title,
        html: d.html,
        updatedAt: revisionTime(d),
      })),
    )
    .onConflictDoNothing();
}
