import { eq } from 'drizzle-orm';
import { ALERT_NOT_FOUND, ALERT_NOT_OPEN } from '#shared/schemas/screening.ts';
import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { screeningAlerts } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditAlertStep, lockAlert } from '../screening/alerts.ts';

/**
 * `admin-screening-alert-confirm` (compliance): a true match, with the reason. A sanctions match
 * then blocks offers and activation for good; a PEP match makes any offer need four eyes.
 */
export async function adminScreeningAlertConfirm(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  alertId: string;
  reason: string;
}): Promise<'confirmed'> {
  return options.db.transaction(async (tx) => {
    const alert = await lockAlert(tx, options.alertId);
    if (!alert) throw new AppError('not_found', ALERT_NOT_FOUND);
    if (alert.status !== 'open') throw new AppError('conflict', ALERT_NOT_OPEN);
    await tx
      .update(screeningAlerts)
      .set({
        status: 'confirmed',
        confirmedAt: new Date(),
        confirmedBy: options.actor.id,
        confirmReason: options.reason,
      })
      .where(eq(screeningAlerts.id, alert.id));
    await auditAlertStep(tx, {
      actor: options.actor,
      alert,
      action: 'screening.alert_confirm',
      status: 'confirmed',
    });
    return 'confirmed' as const;
  });
}
