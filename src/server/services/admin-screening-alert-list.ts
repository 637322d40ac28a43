import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type {
  ScreeningAlertListResponse,
  TScreeningAlertListRequest,
} from '#shared/schemas/screening.ts';
import { LIVE_ALERT_STATUSES, type ScreeningAlert } from '#shared/schemas/screening.ts';
import { dueAt, type ServiceLevels } from '#shared/service-levels.ts';
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
  levels: ServiceLevels;
}): Promise<Omit<ScreeningAlertListResponse, 'ok'>> {
  const { levels } = options;
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
  // Due: an open alert by its own level; a clearance by the approvals' (it waits for a second
  // member); a decided alert no longer.
  const due = (alert: ScreeningAlert) =>
    alert.status === 'open'
      ? dueAt(alert.created_at, levels.screening_alert)
      : alert.status === 'clear_requested' && alert.clear_request
        ? dueAt(alert.clear_request.at, levels.approval)
        : null;
  return {
    alerts: alerts.map((alert) => ({ ...alert, due_at: due(alert) })),
    total: total?.n ?? 0,
    page,
    page_size: pageSize,
  };
}
