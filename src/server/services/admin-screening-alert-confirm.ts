import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { decideOpenAlert } from '../screening/alerts.ts';

/**
 * `admin-screening-alert-confirm` (compliance): a true match, with the reason. A sanctions match
 * then blocks offers and activation for good; a PEP match makes any offer need four eyes.
 */
export function adminScreeningAlertConfirm(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  alertId: string;
  reason: string;
}): Promise<'confirmed'> {
  return decideOpenAlert(options.db, {
    actor: options.actor,
    alertId: options.alertId,
    status: 'confirmed',
    action: 'screening.alert_confirm',
    set: { confirmedAt: new Date(), confirmedBy: options.actor.id, confirmReason: options.reason },
  });
}
