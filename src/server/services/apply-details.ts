import { eq } from 'drizzle-orm';
import type { Stage } from '#shared/stages.ts';
import type { ApplicantSession } from '../auth/applicant.ts';
import { issueMagicLink, MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { moveStage } from '../applicant/stage.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applicationDetails, applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { confirmEmailMail } from '../mail/templates/confirm-email.ts';
import type { CallInput } from '#shared/calls.ts';
import { screenApplication } from '../screening/screen.ts';
import type { Screening } from '../screening/screener.ts';

export type ApplyDetailsInput = CallInput<'apply-details'>;

/** The same messages as the form's fields (SPEC §5). */
const REQUIRED = {
  full_name: 'Full name must be at least 2 characters',
  email: 'Please enter a valid email address',
} as const;

/**
 * `apply-details` (CONTRACT §4, §8): stores the detailed record (date of birth and UK address
 * included), screens the applicant, and moves code_verified → detailed.
 * Sending it again at detailed updates the record. Name and e-mail are taken only when the
 * application has none yet (an invitation without them); they are never overwritten here.
 * An e-mail given here is unproved: it is stored, and a link to confirm it goes to it
 * (docs/decisions/026). The journey goes on meanwhile; the address leads to the application
 * (resume links) only once that link is used. `queued`: a mail was queued.
 */
export async function applyDetails(
  db: Db,
  options: {
    session: ApplicantSession;
    input: ApplyDetailsInput;
    ip: string;
    secret: string;
    publicUrl: string;
    screening: Screening;
  },
): Promise<{ stage: Stage; queued: boolean }> {
  const { applicationId } = options.session;
  const { input } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        fullName: applications.fullName,
        email: applications.email,
        stage: applications.stage,
      })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update');
    if (!current) throw new AppError('not_found', 'Application not found');
    const fullName = current.fullName ?? input.full_name ?? null;
    const email = current.email ?? input.email ?? null;

    const actor = { type: 'applicant', id: applicationId, ip: options.ip } as const;
    // Field names, not values: income, employment and PEP exposure are personal data and the
    // audit row outlives an erasure (CONTRACT §6). The tier preference is a tier.
    const detail = {
      fields: [
        ...(!current.fullName && input.full_name ? ['full_name'] : []),
        ...(!current.email && input.email ? ['email'] : []),
        'annual_income',
        'employment_status',
        'pep_exposed',
        'card_tier_pref',
        'date_of_birth',
        'address',
      ],
      card_tier_pref: input.card_tier_pref,
    };
    // The stage is checked first: a wrong-stage call is a 409 whatever its fields say. At
    // `detailed` the details are corrected in place: that is not a move of the life, so the
    // stage stays and only the audit row records it.
    let stage: Stage;
    if (current.stage === 'detailed') {
      stage = 'detailed';
      await writeAudit(tx, {
        actor,
        action: 'application.details',
        target: { type: 'application', id: applicationId },
        applicationId,
        before: { stage },
        after: { stage, ...detail },
      });
    } else {
      stage = await moveStage(tx, {
        applicationId,
        // kyc_in_progress → detailed is the table's move for a rejected identity check, made
        // by staff or the provider, never by the applicant's own details.
        from: ['code_verified'],
        to: 'detailed',
        actor,
        action: 'application.details',
        set: { fullName, email },
        detail,
      });
    }

    const missing: Record<string, string> = {};
    if (!fullName) missing.full_name = REQUIRED.full_name;
    if (!email) missing.email = REQUIRED.email;
    const first = Object.values(missing)[0];
    // Throwing rolls the move back: nothing changes without a name and an e-mail.
    if (first) throw new AppError('invalid_input', first, { details: missing });

    const values = {
      annualIncome: input.annual_income,
      employmentStatus: input.employment_status,
      pepExposed: input.pep_exposed,
      cardTierPref: input.card_tier_pref,
      dateOfBirth: input.date_of_birth,
      addressLine1: input.address.line1,
      addressLine2: input.address.line2,
      addressTown: input.address.town,
      addressPostcode: input.address.postcode,
    };
    await tx
      .insert(applicationDetails)
      .values({ applicationId, ...values })
      .onConflictDoUpdate({
        target: applicationDetails.applicationId,
        set: { ...values },
      });

    // Screened the moment the name and date of birth are known (CONTRACT §8), in this
    // transaction: the details and the screening's alerts commit together.
    await screenApplication(tx, options.screening, applicationId);

    const newEmail = !current.email && email ? email : null;
    if (newEmail) {
      // Bound to this address: using the link proves it (apply-session).
      await issueMagicLink(tx, {
        applicationId,
        secret: options.secret,
        publicUrl: options.publicUrl,
        mail: ({ url }) => ({
          to: newEmail,
          template: 'apply_details.confirm_email',
          ...confirmEmailMail({ url, validFor: MAGIC_LINK_TTL_WORDS }),
        }),
      });
      await writeAudit(tx, {
        actor,
        action: 'application.email_set',
        target: { type: 'application', id: applicationId },
        applicationId,
        after: { email_verified: false },
      });
    }
    return { stage, queued: newEmail !== null };
  });
}
