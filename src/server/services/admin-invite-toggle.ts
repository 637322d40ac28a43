import { eq, sql } from 'drizzle-orm';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { publishEvent } from '../events.ts';

const KEY = 'invite_mode';

/**
 * `admin-invite-toggle`: shows or hides the invitation-code panel on /apply. The setting, its
 * audit row and the live event commit together, so open pages switch only once it is real.
 */
export async function adminInviteToggle(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  enabled: boolean;
}): Promise<{ enabled: boolean }> {
  const value = { enabled: options.enabled };
  await options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, KEY))
      .for('update');
    await tx
      .insert(siteSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'site_setting.update',
      target: { type: 'site_setting', id: KEY },
      before: before?.value ?? null,
      after: value,
    });
    await publishEvent(tx, { type: 'site-setting', key: KEY, value });
  });
  return value;
}
