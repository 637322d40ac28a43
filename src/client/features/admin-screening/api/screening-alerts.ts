import { useQuery } from '@tanstack/react-query';
import type { TScreeningAlertListRequest } from '#shared/schemas/screening.ts';
import { screeningAlertsKey } from '#client/lib/staff/api/screening-alerts.ts';
import { staffPageQuery } from '#client/lib/staff/api/staff-queries.ts';

/**
 * `admin-screening-alert-list`: one page of alerts, oldest first; without `status`, the live
 * ones (open, confirmed, awaiting a second member's approval). `data` is the page's alerts, as
 * the kit's paged list reads them; the page on screen stays while the next one loads.
 */
export function useScreeningAlerts(params: TScreeningAlertListRequest) {
  return useQuery({
    ...staffPageQuery(screeningAlertsKey, 'admin-screening-alert-list', params),
    select: (page) => ({ ...page, data: page.alerts }),
  });
}
