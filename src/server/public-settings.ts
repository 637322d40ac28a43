import { eq } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { siteSettings } from './db/schema.ts';

/** The settings anyone may read (SPEC §3). Anything else in the table stays server-side. */
export const PUBLIC_SETTING_KEYS = new Set([
  'maintenance_mode',
  'invite_mode',
  'press_boilerplate',
]);

/** The switches every page needs before it can draw anything. */
export const PAGE_SETTING_KEYS = ['maintenance_mode', 'invite_mode'] as const;

/**
 * Every page load needs the maintenance and invite switches: an answer is kept for a second,
 * and dropped at once when a change to that setting is heard (every instance hears it, through
 * NOTIFY), so a page never waits on the database for it and a switch is never stale for long.
 */
const CACHE_MS = 1000;

export interface PublicSetting {
  key: string;
  value: unknown;
  updatedAt: Date;
}

export interface PublicSettings {
  /** A public setting, or null when there is no such row. */
  read(key: string): Promise<PublicSetting | null>;
  /** Forgets every cached answer (the instance that changed a setting). */
  forget(): void;
  close(): void;
}

export function publicSettings(ctx: Pick<AppContext, 'db' | 'events'>): PublicSettings {
  const cache = new Map<string, { setting: PublicSetting | null; until: number }>();
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.type === 'site-setting') cache.delete(event.key);
  });
  return {
    async read(key) {
      const cached = cache.get(key);
      if (cached && cached.until > Date.now()) return cached.setting;
      const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, key));
      const setting = row ? { key: row.key, value: row.value, updatedAt: row.updatedAt } : null;
      cache.set(key, { setting, until: Date.now() + CACHE_MS });
      return setting;
    },
    forget: () => cache.clear(),
    close: unsubscribe,
  };
}
