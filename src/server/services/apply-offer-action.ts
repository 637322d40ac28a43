import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import { MONTHLY_FEE_PENCE } from '#shared/fees.ts';
import { SIGNATURE_MISMATCH_MESSAGE, signatureMatches } from '#shared/signature.ts';
import type { Stage } from '#shared/stages.ts';
import { TIER_INFO, tiersBelow, type Tier } from '#shared/tiers.ts';
import { moveStage, WRONG_STAGE_MESSAGE } from '../applicant/stage.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, legalDocuments, offers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';
import { offerAcceptedMail, signedOfferFields } from '../mail/templates/offer-accepted.ts';

export const CHANGE_TIER_FAILED_MESSAGE = 'Failed to change tier';
export const OFFER_CHANGED_MESSAGE = 'The offer has changed. Please review it and try again.';

export type OfferActionInput =
  | { action: 'accept'; esign_name: string; chosen_tier?: Tier | undefined }
  | { action: 'downgrade'; chosen_tier: Tier };

export interface OfferActionOptions {
  applicationId: string;
  input: OfferActionInput;
  ip: string;
  userAgent: string | null;
  /** STAFF_EMAIL: told that an offer was accepted. */
  staffEmail: string;
  publicUrl: string;
}

type Offer = typeof offers.$inferSelect;

/**
 * The offer terms the applicant signs, in one canonical string: the tier and its monthly fee,
 * the pricing note, and the Terms of Membership as stored (their date and a hash of their
 * text). Its SHA-256 is kept with the signature, so the exact terms agreed to can be proven
 * later. Returns the string and the terms' date (the version the applicant's copy names).
 */
export async function offerTerms(tx: Tx, offer: Pick<Offer, 'tier' | 'pricingNote'>) {
  const [terms] = await tx
    .select({ updatedAt: legalDocuments.updatedAt, html: legalDocuments.html })
    .from(legalDocuments)
    .where(eq(legalDocuments.slug, 'terms'));
  const text = JSON.stringify({
    tier: offer.tier,
    monthly_fee_pence: MONTHLY_FEE_PENCE[offer.tier],
    pricing_note: offer.pricingNote ?? null,
    terms_of_membership: terms
      ? { updated_at: terms.updatedAt.toISOString(), html_sha256: sha256Hex(terms.html) }
      : null,
  });
  return { text, termsUpdatedAt: terms?.updatedAt ?? null };
}

/**
 * `apply-offer-action`, at tier_offer only. The application row is locked for the whole
 * transaction, so a downgrade and an acceptance (or two of either) never interleave.
 */
export async function applyOfferAction(
  db: Db,
  options: OfferActionOptions,
): Promise<{ stage: Stage; tier: Tier }> {
  const { applicationId, input } = options;
  const actor: Actor = { type: 'applicant', id: applicationId, ip: options.ip };
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new AppError('not_found', 'Application not found');
    const [offer] = await tx
      .select()
      .from(offers)
      .where(
        and(eq(offers.applicationId, applicationId), ne(offers.approvalStatus, 'pending_approval')),
      )
      .orderBy(desc(offers.issuedAt))
      .limit(1);
    if (application.stage !== 'tier_offer' || !offer) {
      throw new AppError('conflict', WRONG_STAGE_MESSAGE, {
        details: { stage: application.stage },
      });
    }

    if (input.action === 'downgrade') {
      const chosen = input.chosen_tier;
      if (!tiersBelow(offer.tier).includes(chosen)) {
        throw new AppError('invalid_input', CHANGE_TIER_FAILED_MESSAGE, {
          details: { chosen_tier: 'Please choose a tier below the one offered' },
        });
      }
      const downgradedFrom = offer.downgradedFrom ?? offer.tier;
      await tx.update(offers).set({ tier: chosen, downgradedFrom }).where(eq(offers.id, offer.id));
      await tx
        .update(applications)
        .set({ tierAssigned: chosen })
        .where(eq(applications.id, applicationId));
      await writeAudit(tx, {
        actor,
        action: 'offer.downgrade',
        target: { type: 'offer', id: offer.id },
        applicationId,
        before: { tier: offer.tier, downgraded_from: offer.downgradedFrom },
        after: { tier: chosen, downgraded_from: downgradedFrom },
      });
      return { stage: 'tier_offer', tier: chosen };
    }

    // The screen shows the tier it signs for; if staff changed it meanwhile, sign nothing.
    if (input.chosen_tier && input.chosen_tier !== offer.tier) {
      throw new AppError('conflict', OFFER_CHANGED_MESSAGE, { details: { tier: offer.tier } });
    }
    // A signature means something only if it names the applicant: their full legal name as
    // the application holds it (the name their identity was checked against).
    if (!signatureMatches(input.esign_name, application.fullName)) {
      throw new AppError('invalid_input', SIGNATURE_MISMATCH_MESSAGE, {
        details: { esign_name: SIGNATURE_MISMATCH_MESSAGE },
      });
    }
    const terms = await offerTerms(tx, offer);
    const termsHash = sha256Hex(terms.text);
    const [signed] = await tx
      .update(offers)
      .set({
        acceptedAt: sql`now()`,
        esignName: input.esign_name,
        esignIp: options.ip,
        esignUserAgent: options.userAgent,
        termsHash,
      })
      .where(and(eq(offers.id, offer.id), isNull(offers.acceptedAt)))
      .returning({ id: offers.id, acceptedAt: offers.acceptedAt });
    if (!signed) throw new AppError('conflict', WRONG_STAGE_MESSAGE);
    const stage = await moveStage(tx, {
      applicationId,
      from: ['tier_offer'],
      to: 'accepted',
      actor,
      action: 'offer.accept',
      set: { tierAccepted: offer.tier },
      detail: {
        offer_id: offer.id,
        tier: offer.tier,
        // The typed name, IP and browser stay on the offer (its signature), not here (CONTRACT §6).
        fields: ['esign_name'],
        terms_hash: termsHash,
      },
    });
    const copy = {
      tier: offer.tier,
      signedAt: signed.acceptedAt ?? new Date(),
      termsUpdatedAt: terms.termsUpdatedAt,
      termsHash,
    };
    if (application.email) {
      await queueEmail(tx, {
        to: application.email,
        applicationId,
        template: 'apply_offer_action.offer_accepted',
        ...offerAcceptedMail({
          ...copy,
          fullName: application.fullName,
          publicUrl: options.publicUrl,
        }),
      });
    }
    await queueEmail(tx, {
      applicationId,
      ...staffNotification({
        to: options.staffEmail,
        template: 'apply_offer_action.staff_notification',
        subject: `Offer accepted (${TIER_INFO[offer.tier].name})`,
        subjectName: application.fullName ?? 'Unknown Applicant',
        fields: [['Name', application.fullName], ...signedOfferFields(copy)],
        footer: `Activate the account in the Activations tab: ${options.publicUrl}/admin`,
      }),
    });
    return { stage, tier: offer.tier };
  });
}
