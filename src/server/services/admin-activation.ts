import { eq } from 'drizzle-orm';
import type { Actor } from '../audit.ts';
import { SANCTIONS_ACTIVATION_BLOCK } from '#shared/schemas/screening.ts';
import { screeningOf } from '../applicant/screening.ts';
import { moveStage } from '../applicant/stage.ts';
import { AppError } from '../errors.ts';
import { assertNotHeld } from '../applicant/escalation.ts';
import type { Db } from '../db/client.ts';
import { activations, applications } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
import { accountActivatedMail } from '../mail/templates/account-activated.ts';

export const NOT_ACCEPTED_MESSAGE = 'Only an accepted offer can be activated.';

/**
 * `admin-activation`: opens the account. The move accepted → activated, the activation row
 * (card, tracking, mobile access, who activated) and the welcome e-mail commit together.
 */
export async function adminActivation(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  cardLast4: string | null;
  tracking: string | null;
  mobileAccessEnabled: boolean;
  publicUrl: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    await assertNotHeld(tx, options.applicationId);
    // A match found after the offer was accepted (ongoing monitoring) still stops the account.
    if ((await screeningOf(tx, options.applicationId)).sanctionsBlocked) {
      throw new AppError('conflict', SANCTIONS_ACTIVATION_BLOCK);
    }
    await moveStage(tx, {
      applicationId: options.applicationId,
      from: ['accepted'],
      to: 'activated',
      actor: options.actor,
      action: 'application.activate',
      // Card digits and tracking number stay in activations (CONTRACT §6).
      detail: {
        fields: [
          ...(options.cardLast4 ? ['card_last4'] : []),
          ...(options.tracking ? ['card_shipment_tracking'] : []),
        ],
        mobile_access_enabled: options.mobileAccessEnabled,
      },
      conflictMessage: NOT_ACCEPTED_MESSAGE,
    });
    await tx.insert(activations).values({
      applicationId: options.applicationId,
      cardLast4: options.cardLast4,
      cardShipmentTracking: options.tracking,
      mobileAccessEnabled: options.mobileAccessEnabled,
      activatedBy: options.actor.id,
    });
    const [application] = await tx
      .select({
        email: applications.email,
        fullName: applications.fullName,
        tierAccepted: applications.tierAccepted,
        tierAssigned: applications.tierAssigned,
      })
      .from(applications)
      .where(eq(applications.id, options.applicationId));
    if (application?.email) {
      await queueEmail(tx, {
        to: application.email,
        applicationId: options.applicationId,
        template: 'admin_activation.account_activated',
        ...accountActivatedMail({
          fullName: application.fullName,
          tier: application.tierAccepted ?? application.tierAssigned,
          cardLast4: options.cardLast4,
          tracking: options.tracking,
          mobileAccessEnabled: options.mobileAccessEnabled,
          publicUrl: options.publicUrl,
        }),
      });
    }
  });
}
