import { and, eq } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import { canIssueOffer } from '#shared/case-rules.ts';
import { SANCTIONS_BLOCK } from '#shared/schemas/staff.ts';
import type { Tier } from '#shared/tiers.ts';
import type { Actor } from '../audit.ts';
import { writeAudit } from '../audit.ts';
import { screeningOf } from '../applicant/screening.ts';
import { moveStage } from '../applicant/stage.ts';
import { assertNotHeld } from '../applicant/escalation.ts';
import type { Db, Tx } from '../db/client.ts';
import { offers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { issueMagicLink, MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { offerIssuedMail } from '../mail/templates/offer-issued.ts';

export const NOT_KYC_MESSAGE = 'An offer can only be issued once verification is complete.';
export const OFFER_AWAITING_APPROVAL = 'An offer for this applicant is already awaiting approval.';

/**
 * Locks the application for an offer decision and checks it is at `kyc` and not held for the
 * MLRO, so an issue and an approval (or two of either) never interleave.
 */
export async function lockForOffer(tx: Tx, applicationId: string) {
  const application = await lockApplication(tx, applicationId);
  if (!application) throw new AppError('not_found', 'Application not found');
  if (application.stage !== 'kyc') throw new AppError('conflict', NOT_KYC_MESSAGE);
  await assertNotHeld(tx, applicationId);
  return application;
}

/** The move kyc → tier_offer with the assigned tier, and the applicant's e-mail. */
export async function sendOffer(
  tx: Tx,
  options: {
    actor: Actor & { type: 'staff' };
    applicationId: string;
    application: { email: string | null; fullName: string | null };
    tier: Tier;
    pricingNote: string | null;
    publicUrl: string;
    /** SESSION_SECRET: the offer's link is a single-use resume link (works on any device). */
    secret: string;
    action: string;
  },
): Promise<void> {
  await moveStage(tx, {
    applicationId: options.applicationId,
    from: ['kyc'],
    to: 'tier_offer',
    actor: options.actor,
    action: options.action,
    set: { tierAssigned: options.tier },
    // The note stays on the offer; free text is never copied into the audit (CONTRACT §6).
    detail: { tier: options.tier, fields: options.pricingNote ? ['pricing_note'] : [] },
    conflictMessage: NOT_KYC_MESSAGE,
  });
  const to = options.application.email;
  if (to) {
    await issueMagicLink(tx, {
      applicationId: options.applicationId,
      secret: options.secret,
      publicUrl: options.publicUrl,
      mail: ({ url }) => ({
        to,
        template: 'admin_offer_issue.offer_issued',
        ...offerIssuedMail({
          fullName: options.application.fullName,
          tier: options.tier,
          pricingNote: options.pricingNote,
          url,
          validFor: MAGIC_LINK_TTL_WORDS,
        }),
      }),
    });
  }
}

/**
 * `admin-offer-issue`: staff choose the tier (any real tier: a 'manual' suggestion only means a
 * person must choose). Four eyes (CONTRACT §5): no offer while a sanctions match is not
 * cleared (409); an offer to a politically exposed person waits as 'pending_approval', the
 * applicant untold and still at `kyc`, until another owner approves it (admin-offer-approve).
 * Otherwise the move to tier_offer, the offer row naming its issuer and the applicant's e-mail
 * commit together.
 */
export async function adminOfferIssue(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  tier: Tier;
  pricingNote: string | null;
  publicUrl: string;
  secret: string;
}): Promise<'issued' | 'pending_approval'> {
  return options.db.transaction(async (tx) => {
    const application = await lockForOffer(tx, options.applicationId);
    const screening = await screeningOf(tx, options.applicationId);
    if (screening.sanctionsBlocked) throw new AppError('conflict', SANCTIONS_BLOCK);
    const [waiting] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.applicationId, options.applicationId),
          eq(offers.approvalStatus, 'pending_approval'),
        ),
      );
    if (!canIssueOffer(application.stage, { offerAwaitingApproval: waiting !== undefined })) {
      throw new AppError('conflict', waiting ? OFFER_AWAITING_APPROVAL : NOT_KYC_MESSAGE);
    }

    const status = screening.pep ? 'pending_approval' : 'not_required';
    await tx.insert(offers).values({
      applicationId: options.applicationId,
      tier: options.tier,
      pricingNote: options.pricingNote,
      issuedBy: options.actor.id,
      approvalStatus: status,
    });
    if (status === 'pending_approval') {
      await writeAudit(tx, {
        actor: options.actor,
        action: 'offer.issue_for_approval',
        target: { type: 'application', id: options.applicationId },
        applicationId: options.applicationId,
        after: { tier: options.tier, fields: options.pricingNote ? ['pricing_note'] : [] },
      });
      return 'pending_approval';
    }
    await sendOffer(tx, { ...options, application, action: 'offer.issue' });
    return 'issued';
  });
}
