import { and, desc, eq, isNull } from 'drizzle-orm';
import { canOverrideTier } from '#shared/case-rules.ts';
import type { Tier } from '#shared/tiers.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, offers } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const TIER_LOCKED_MESSAGE = 'The tier cannot be changed after the offer has been accepted.';
export const TIER_DECLINED_MESSAGE = 'The tier cannot be changed on a declined application.';

/**
 * `admin-applicant-override-tier`: sets the assigned tier. An open offer (stage tier_offer) is
 * changed with it, as a fresh assignment (no longer 'downgraded from'), so the applicant signs
 * for what staff chose. The row is locked while read and written, so the audit's before/after
 * is exact even if another change races it.
 */
export async function adminApplicantOverrideTier(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  tier: Tier;
  /**
   * Mandatory (the schema refuses a blank one). Staff's words about an applicant may not go in
   * an audit row (decision 031): they are kept on the application, where erasure reaches them,
   * and the audit row records only that a reason was given.
   */
  reason: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ stage: applications.stage, tierAssigned: applications.tierAssigned })
      .from(applications)
      .where(eq(applications.id, options.applicationId))
      .for('update');
    if (!current) throw new AppError('not_found', 'Application not found');
    if (!canOverrideTier(current.stage)) {
      const message = current.stage === 'declined' ? TIER_DECLINED_MESSAGE : TIER_LOCKED_MESSAGE;
      throw new AppError('conflict', message, { details: { stage: current.stage } });
    }
    await tx
      .update(applications)
      .set({
        tierAssigned: options.tier,
        tierOverrideReason: options.reason,
        tierOverriddenAt: new Date(),
      })
      .where(eq(applications.id, options.applicationId));

    let offer: { id: string; tier: Tier; downgradedFrom: Tier | null } | undefined;
    if (current.stage === 'tier_offer') {
      [offer] = await tx
        .select({ id: offers.id, tier: offers.tier, downgradedFrom: offers.downgradedFrom })
        .from(offers)
        .where(and(eq(offers.applicationId, options.applicationId), isNull(offers.acceptedAt)))
        .orderBy(desc(offers.issuedAt))
        .limit(1);
      if (offer) {
        await tx
          .update(offers)
          .set({ tier: options.tier, downgradedFrom: null })
          .where(eq(offers.id, offer.id));
      }
    }

    await writeAudit(tx, {
      actor: options.actor,
      action: 'application.override_tier',
      target: { type: 'application', id: options.applicationId },
      applicationId: options.applicationId,
      before: {
        tier_assigned: current.tierAssigned,
        ...(offer
          ? { offer_id: offer.id, offer_tier: offer.tier, downgraded_from: offer.downgradedFrom }
          : {}),
      },
      after: {
        tier_assigned: options.tier,
        ...(offer ? { offer_id: offer.id, offer_tier: options.tier } : {}),
        reason_given: options.reason.length > 0,
      },
    });
  });
}
