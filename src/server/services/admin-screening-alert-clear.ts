import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { decideOpenAlert } from '../screening/alerts.ts';

/**
 * `admin-screening-alert-clear` (compliance): asks to clear an alert as a false positive, with
 * the reason. Nothing changes for the applicant until a second member approves it
 * (`admin-screening-alert-clear-approve`): the alert still holds them meanwhile.
 */
export function adminScreeningAlertClear(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  alertId: string;
  reason: string;
}): Promise<'clear_requested'> {
  return decideOpenAlert(options.db, {
    actor: options.actor,
    alertId: options.alertId,
    status: 'clear_requested',
    action: 'screening.alert_clear_request',
    set: {
      clearRequestedAt: new Date(),
      clearRequestedBy: options.actor.id,
      clearReason: options.reason,
    },
  });
}
