import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SiteSettingResponse } from '../../shared/schemas/site.ts';
import { isEnabled } from '../../shared/settings.ts';
import { api } from './api-client.ts';
import { subscribeLiveEvents } from './live-events.ts';

/** The on/off site settings anyone may read (SPEC §3). */
export type SwitchSetting = 'maintenance_mode' | 'invite_mode';

/** One cache entry per setting, shared by the page that reads it and the live stream. */
export const siteSettingKey = (key: SwitchSetting) => ['site-settings', key] as const;

/**
 * Reads an on/off setting: on only when `enabled` is exactly true (SPEC §4). A failed read is
 * logged and counts as off, so a broken settings call never locks visitors out.
 */
export async function fetchSwitchSetting(key: SwitchSetting): Promise<boolean> {
  try {
    const body = await api.get<SiteSettingResponse<unknown>>(`/site-settings/${key}`);
    return isEnabled(body.value);
  } catch (error) {
    console.warn(`Could not read ${key}; treating it as off.`, error);
    return false;
  }
}

type SiteSettingEvent = { type: 'site-setting'; key: string; value: unknown };

function isSwitchSetting(key: string): key is SwitchSetting {
  return key === 'maintenance_mode' || key === 'invite_mode';
}

/**
 * Keeps the on/off settings live (CONTRACT §2: `GET /api/events`, Server-Sent Events fed by
 * PostgreSQL NOTIFY), through the one stream the browser's tabs share (live-events.ts). Each
 * change replaces the cached value; after a gap (a dropped stream, a tab that was hidden) the
 * settings are read again, since changes made meanwhile were not heard.
 */
export function useLiveSiteSettings(): void {
  const queryClient = useQueryClient();
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
          if (isSwitchSetting(data.key)) {
            queryClient.setQueryData(siteSettingKey(data.key), isEnabled(data.value));
          }
        },
        onCatchUp() {
          void queryClient.invalidateQueries({ queryKey: ['site-settings'] });
        },
      }),
    [queryClient],
  );
}

/** The element the server writes the page's settings into (src/server/http/spa.ts). */
const PAGE_SETTINGS_ID = 'waj-settings';

/**
 * Seeds the cache with the switches the server wrote into the page, so the first render draws
 * at once instead of waiting for `GET /api/site-settings/…`; the events stream keeps them live
 * from there. A page without them (or with a broken block) simply asks, as before.
 */
export function seedSettingsFromPage(queryClient: QueryClient): void {
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
    if (isSwitchSetting(key) && value !== null) {
      queryClient.setQueryData(siteSettingKey(key), isEnabled(value));
    }
  }
}
