import { eq } from 'drizzle-orm';
import type { Tier } from '../../shared/tiers.ts';
import type { Actor } from '../audit.ts';
import { moveStage } from '../applicant/stage.ts';
import type { Db } from '../db/client.ts';
import { applications, offers } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
import { offerIssuedMail } from '../mail/templates/offer-issued.ts';

export const NOT_KYC_MESSAGE = 'An offer can only be issued once verification is complete.';

/**
 * `admin-offer-issue`: staff choose the tier (any real tier: a 'manual' suggestion only means a
 * person must choose). The move kyc → tier_offer, the offer row with who issued it, the
 * assigned tier and the applicant's e-mail commit together.
 */
export async function adminOfferIssue(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  tier: Tier;
  pricingNote: string | null;
  publicUrl: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    await moveStage(tx, {
      applicationId: options.applicationId,
      from: ['kyc'],
      to: 'tier_offer',
      actor: options.actor,
      action: 'offer.issue',
      set: { tierAssigned: options.tier },
      detail: { tier: options.tier, pricing_note: options.pricingNote },
      conflictMessage: NOT_KYC_MESSAGE,
    });
    await tx.insert(offers).values({
      applicationId: options.applicationId,
      tier: options.tier,
      pricingNote: options.pricingNote,
      issuedBy: options.actor.id,
    });
    const [application] = await tx
      .select({ email: applications.email, fullName: applications.fullName })
      .from(applications)
      .where(eq(applications.id, options.applicationId));
    if (application?.email) {
      await queueEmail(tx, {
        to: application.email,
        template: 'admin_offer_issue.offer_issued',
        ...offerIssuedMail({
          fullName: application.fullName,
          tier: options.tier,
          pricingNote: options.pricingNote,
          publicUrl: options.publicUrl,
        }),
      });
    }
  });
}
