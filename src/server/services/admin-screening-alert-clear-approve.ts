import { eq } from 'drizzle-orm';
import {
  ALERT_NO_CLEAR_REQUEST,
  ALERT_NOT_FOUND,
  ALERT_OWN_CLEAR,
} from '#shared/schemas/screening.ts';
import { unclearedSanctions } from '../applicant/screening.ts';
import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { identityChecks, screeningAlerts } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditAlertStep, lockAlert } from '../screening/alerts.ts';

/**
 * `admin-screening-alert-clear-approve` (compliance): a second member, never the one who asked,
 * approves the clearance and the alert stops holding the applicant. An alert from Veriff's
 * watchlist screening also clears the identity check's sanctions match it came from.
 */
export async function adminScreeningAlertClearApprove(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  alertId: string;
}): Promise<'cleared'> {
  return options.db.transaction(async (tx) => {
    const alert = await lockAlert(tx, options.alertId);
    if (!alert) throw new AppError('not_found', ALERT_NOT_FOUND);
    if (alert.status !== 'clear_requested') {
      throw new AppError('conflict', ALERT_NO_CLEAR_REQUEST);
    }
    if (alert.clearRequestedBy === options.actor.id) {
      throw new AppError('forbidden', ALERT_OWN_CLEAR);
    }
    const now = new Date();
    await tx
      .update(screeningAlerts)
      .set({ status: 'cleared', clearedAt: now, clearedBy: options.actor.id })
      .where(eq(screeningAlerts.id, alert.id));
    if (alert.source === 'veriff' && alert.kind === 'sanctions') {
      await tx
        .update(identityChecks)
        .set({
          sanctionsClearedAt: now,
          sanctionsClearedBy: options.actor.id,
          sanctionsClearReason: alert.clearReason,
        })
        .where(unclearedSanctions(alert.applicationId));
    }
    await auditAlertStep(tx, {
      actor: options.actor,
      alert,
      action: 'screening.alert_clear_approve',
      status: 'cleared',
    });
    return 'cleared' as const;
  });
}
