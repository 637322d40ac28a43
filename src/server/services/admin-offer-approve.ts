import { and, eq } from 'drizzle-orm';
import { SANCTIONS_BLOCK, SELF_APPROVAL } from '#shared/schemas/staff.ts';
import type { Actor } from '../audit.ts';
import { screeningOf } from '../applicant/screening.ts';
import type { Db } from '../db/client.ts';
import { offers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { lockForOffer, sendOffer } from './admin-offer-issue.ts';

export const NO_OFFER_AWAITING = 'No offer for this applicant is awaiting approval.';

/**
 * `admin-offer-approve` (owner): the second pair of eyes on an offer to a politically exposed
 * person (MLR 2017 reg. 35). The approver must not be the issuer; on approval the offer goes
 * out exactly as an ordinary one does.
 */
export async function adminOfferApprove(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  publicUrl: string;
  secret: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const application = await lockForOffer(tx, options.applicationId);
    const [offer] = await tx
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.applicationId, options.applicationId),
          eq(offers.approvalStatus, 'pending_approval'),
        ),
      );
    if (!offer) throw new AppError('not_found', NO_OFFER_AWAITING);
    if (offer.issuedBy === options.actor.id) throw new AppError('forbidden', SELF_APPROVAL);
    if ((await screeningOf(tx, options.applicationId)).sanctionsBlocked) {
      throw new AppError('conflict', SANCTIONS_BLOCK);
    }
    await tx
      .update(offers)
      .set({ approvalStatus: 'approved', approvedBy: options.actor.id, approvedAt: new Date() })
      .where(eq(offers.id, offer.id));
    await sendOffer(tx, {
      actor: options.actor,
      applicationId: options.applicationId,
      application,
      tier: offer.tier,
      pricingNote: offer.pricingNote,
      publicUrl: options.publicUrl,
      secret: options.secret,
      action: 'offer.approve',
    });
  });
}
