import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettingResponse } from '../../../../shared/schemas/site.ts';
import { api } from '../../../lib/api-client.ts';

/** The company description staff keep in `site_settings.press_boilerplate` (SPEC §3, §7). */
export async function getPressBoilerplate(signal?: AbortSignal): Promise<string> {
  const response = await api.get<SiteSettingResponse<unknown>>('/site-settings/press_boilerplate', {
    signal,
  });
  // Anything but text (an edited row holding an object, say) cannot be printed as a paragraph.
  if (typeof response.value !== 'string' || response.value.trim() === '') {
    throw new Error('The press boilerplate is not text');
  }
  return response.value.trim();
}

export const getPressBoilerplateQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings', 'press_boilerplate'],
    queryFn: ({ signal }) => getPressBoilerplate(signal),
    // Staff change it rarely; one read per visit is plenty.
    staleTime: 10 * 60 * 1000,
  });

export function usePressBoilerplate() {
  return useQuery(getPressBoilerplateQueryOptions());
}
