import { eq } from 'drizzle-orm';
import { ALERT_NOT_FOUND, ALERT_NOT_OPEN } from '#shared/schemas/screening.ts';
import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { screeningAlerts } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditAlertStep, lockAlert } from '../screening/alerts.ts';

/**
 * `admin-screening-alert-clear` (compliance): asks to clear an alert as a false positive, with
 * the reason. Nothing changes for the applicant until a second member approves it
 * (`admin-screening-alert-clear-approve`): the alert still holds them meanwhile.
 */
export async function adminScreeningAlertClear(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  alertId: string;
  reason: string;
}): Promise<'clear_requested'> {
  return options.db.transaction(async (tx) => {
    const alert = await lockAlert(tx, options.alertId);
    if (!alert) throw new AppError('not_found', ALERT_NOT_FOUND);
    if (alert.status !== 'open') throw new AppError('conflict', ALERT_NOT_OPEN);
    await tx
      .update(screeningAlerts)
      .set({
        status: 'clear_requested',
        clearRequestedAt: new Date(),
        clearRequestedBy: options.actor.id,
        clearReason: options.reason,
      })
      .where(eq(screeningAlerts.id, alert.id));
    await auditAlertStep(tx, {
      actor: options.actor,
      alert,
      action: 'screening.alert_clear_request',
      status: 'clear_requested',
    });
    return 'clear_requested' as const;
  });
}
