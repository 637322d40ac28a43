import { useEffect } from 'react';
import { isEnabled } from '#shared/settings.ts';
import { readApi } from './api-client.ts';
import { subscribeLiveEvents } from './live-events.ts';
import { invalidate, setData, useData, type DataSource, type DataState } from './public-data.ts';

/** The on/off site settings anyone may read (SPEC §3). */
export type SwitchSetting = 'maintenance_mode' | 'invite_mode';

/** One store entry per setting, shared by the pages that read it and the live stream. */
export const siteSettingKey = (key: SwitchSetting) => ['site-settings', key] as const;

/**
 * Reads an on/off setting: on only when `enabled` is exactly true (SPEC §4). A failed read is
 * logged and counts as off, so a broken settings call never locks visitors out.
 */
export async function fetchSwitchSetting(key: SwitchSetting): Promise<boolean> {
  try {
    const body = await readApi('site-settings', { param: key });
    return isEnabled(body.value);
  } catch (error) {
    console.warn(`Could not read ${key}; treating it as off.`, error);
    return false;
  }
}

/**
 * A switch as pages read it: from the page the server wrote (or one read), then kept live by
 * the events stream. No retries: a failed read counts as off at once.
 */
const switchSource = (key: SwitchSetting): DataSource<boolean> => ({
  key: siteSettingKey(key),
  fetch: () => fetchSwitchSetting(key),
  retry: false,
});
const SWITCH_SOURCES: Record<SwitchSetting, DataSource<boolean>> = {
  maintenance_mode: switchSource('maintenance_mode'),
  invite_mode: switchSource('invite_mode'),
};

export function useSwitchSetting(key: SwitchSetting): DataState<boolean> {
  return useData(SWITCH_SOURCES[key]);
}

/** A switch staff have just changed: every page in this tab shows it before the stream does. */
export function setSwitchSetting(key: SwitchSetting, enabled: boolean): void {
  setData(siteSettingKey(key), enabled);
}

type SiteSettingEvent = { type: 'site-setting'; key: string; value: unknown };

function isSwitchSetting(key: string): key is SwitchSetting {
  return key === 'maintenance_mode' || key === 'invite_mode';
}

/**
 * Keeps the on/off settings live (CONTRACT §2: `GET /api/events`, Server-Sent Events fed by
 * PostgreSQL NOTIFY), through the one stream the browser's tabs share (live-events.ts). Each
 * change replaces the stored value; after a gap (a dropped stream, a tab that was hidden) the
 * settings are read again, since changes made meanwhile were not heard.
 */
export function useLiveSiteSettings(): void {
  useEffect(
    () =>
      subscribeLiveEvents({
        onEvent(type, text) {
          if (type !== 'site-setting') return;
          let data: SiteSettingEvent;
          try {
            data = JSON.parse(text) as SiteSettingEvent;
          } catch {
            return;
          }
          if (isSwitchSetting(data.key)) setSwitchSetting(data.key, isEnabled(data.value));
        },
        onCatchUp() {
          void invalidate(siteSettingKey('maintenance_mode'));
          void invalidate(siteSettingKey('invite_mode'));
        },
      }),
    [],
  );
}

/** The element the server writes the page's settings into (src/server/http/spa.ts). */
const PAGE_SETTINGS_ID = 'waj-settings';

/**
 * Seeds the store with the switches the server wrote into the page, so the first render draws
 * at once instead of waiting for `GET /api/site-settings/…`; the events stream keeps them live
 * from there. A page without them (or with a broken block) simply asks, as before.
 */
export function seedSettingsFromPage(): void {
  if (typeof document === 'undefined') return;
  const text = document.getElementById(PAGE_SETTINGS_ID)?.textContent;
  if (!text) return;
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof settings !== 'object' || settings === null) return;
  for (const [key, value] of Object.entries(settings)) {
    if (isSwitchSetting(key) && value !== null) setSwitchSetting(key, isEnabled(value));
  }
}
