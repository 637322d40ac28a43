import { eq } from 'drizzle-orm';
import type { Actor } from '../audit.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { publishEvent } from '../events.ts';

export interface SwitchSettingOptions {
  db: Db;
  key: 'maintenance_mode' | 'invite_mode';
  actor: Actor & { type: 'staff' };
  enabled: boolean;
}

/**
 * Turns an on/off site setting on or off. The setting, its audit row and the live event commit
 * together, so open pages switch only once the change is real. Shared by
 * `admin-maintenance-toggle` and `admin-invite-toggle`.
 */
export async function setSwitchSetting(
  options: SwitchSettingOptions,
): Promise<{ enabled: boolean }> {
  const { key } = options;
  const value = { enabled: options.enabled };
  await options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key))
      .for('update');
    await tx
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'site_setting.update',
      target: { type: 'site_setting', id: key },
      before: before?.value ?? null,
      after: value,
    });
    await publishEvent(tx, { type: 'site-setting', key, value });
  });
  return value;
}
