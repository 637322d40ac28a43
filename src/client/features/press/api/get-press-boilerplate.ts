import { PAGE_QUERY_KEYS } from '#shared/page-data.ts';
import { readApi } from '#client/lib/api-client.ts';
import { useData, type DataSource } from '#client/lib/public-data.ts';

/** The company description staff keep in `site_settings.press_boilerplate` (SPEC §3, §7). */
export async function getPressBoilerplate(): Promise<string> {
  const response = await readApi('site-settings', { param: 'press_boilerplate' });
  // Anything but text (an edited row holding an object, say) cannot be printed as a paragraph.
  if (typeof response.value !== 'string' || response.value.trim() === '') {
    throw new Error('The press boilerplate is not text');
  }
  return response.value.trim();
}

export const pressBoilerplateSource: DataSource<string> = {
  key: PAGE_QUERY_KEYS.pressBoilerplate,
  fetch: getPressBoilerplate,
  // Staff change it rarely; one read per visit is plenty.
  staleMs: 10 * 60 * 1000,
};

export function usePressBoilerplate() {
  return useData(pressBoilerplateSource);
}
