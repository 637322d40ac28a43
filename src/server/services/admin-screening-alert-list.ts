import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type {
  ScreeningAlertListResponse,
  TScreeningAlertListRequest,
} from '#shared/schemas/screening.ts';
import { LIVE_ALERT_STATUSES } from '#shared/schemas/screening.ts';
import type { CallInput } from '#shared/calls.ts';
import type { Db } from '../db/client.ts';
import { applications, screeningAlerts } from '../db/schema.ts';
import { readAlerts } from '../screening/alerts.ts';
import { isNull } from 'drizzle-orm';

/**
 * `admin-screening-alert-list` (compliance): the alerts queue, oldest first. Without a status it
 * lists the alerts still to work (open, confirmed, awaiting a second member's approval).
 */
export async function adminScreeningAlertList(options: {
  db: Db;
  input: CallInput<'admin-screening-alert-list'>;
}): Promise<Omit<ScreeningAlertListResponse, 'ok'>> {
  const { page, page_size: pageSize, status } = options.input satisfies TScreeningAlertListRequest;
  const where = and(
    status
      ? eq(screeningAlerts.status, status)
      : inArray(screeningAlerts.status, [...LIVE_ALERT_STATUSES]),
    isNull(applications.erasedAt),
  );
  const [total] = await options.db
    .select({ n: count() })
    .from(screeningAlerts)
    .innerJoin(applications, eq(applications.id, screeningAlerts.applicationId))
    .where(where);
  const alerts = await readAlerts(options.db, {
    where,
    order: [asc(screeningAlerts.createdAt), asc(screeningAlerts.id)],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { alerts, total: total?.n ?? 0, page, page_size: pageSize };
}
