import { and, desc, eq, ne } from 'drizzle-orm';
import type { Address, ApplyGetStageResponse, KycFileSummary } from '#shared/schemas/journey.ts';
import type { ApplicantSession } from '../auth/applicant.ts';
import type { Db } from '../db/client.ts';
import {
  applicationDetails,
  applications,
  identityChecks,
  kycFiles,
  offers,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const NOT_YOUR_APPLICATION_MESSAGE = 'You can only view and change your own application.';

/**
 * Applicant calls act on the session's application only. A body that names another
 * application is refused rather than silently ignored, so a confused client finds out.
 */
export function assertOwnApplication(session: ApplicantSession, body: unknown): void {
  const basicId =
    typeof body === 'object' && body !== null ? (body as { basic_id?: unknown }).basic_id : null;
  if (basicId != null && basicId !== session.applicationId) {
    throw new AppError('forbidden', NOT_YOUR_APPLICATION_MESSAGE);
  }
}

/** The stored address, or null when there is none (details given before it was asked). */
export function addressOf(
  row:
    | { line1: string | null; line2: string | null; town: string | null; postcode: string | null }
    | undefined,
): Address | null {
  if (!row?.line1 || !row.town || !row.postcode) return null;
  return { line1: row.line1, line2: row.line2, town: row.town, postcode: row.postcode };
}

/** `apply-get-stage`: what the journey's screens need about the caller's own application. */
export async function applyGetStage(
  db: Db,
  options: { applicationId: string; kycProvider: 'builtin' | 'veriff'; addressLookup: boolean },
): Promise<ApplyGetStageResponse> {
  const id = options.applicationId;
  const [application] = await db.select().from(applications).where(eq(applications.id, id));
  if (!application) throw new AppError('not_found', 'Application not found');

  const [details, files, [check], [offer]] = await Promise.all([
    db
      .select({
        dateOfBirth: applicationDetails.dateOfBirth,
        line1: applicationDetails.addressLine1,
        line2: applicationDetails.addressLine2,
        town: applicationDetails.addressTown,
        postcode: applicationDetails.addressPostcode,
      })
      .from(applicationDetails)
      .where(eq(applicationDetails.applicationId, id)),
    db
      .select({
        id: kycFiles.id,
        type: kycFiles.type,
        status: kycFiles.status,
        uploadedAt: kycFiles.uploadedAt,
        rejectionReason: kycFiles.rejectionReason,
      })
      .from(kycFiles)
      .where(eq(kycFiles.applicationId, id))
      .orderBy(desc(kycFiles.uploadedAt)),
    db
      .select({ status: identityChecks.status, decision: identityChecks.decision })
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, id))
      .orderBy(desc(identityChecks.createdAt))
      .limit(1),
    db
      .select({
        tier: offers.tier,
        downgradedFrom: offers.downgradedFrom,
        pricingNote: offers.pricingNote,
        issuedAt: offers.issuedAt,
      })
      .from(offers)
      // An offer awaiting a second owner's approval is not the applicant's to see yet.
      .where(and(eq(offers.applicationId, id), ne(offers.approvalStatus, 'pending_approval')))
      .orderBy(desc(offers.issuedAt))
      .limit(1),
  ]);

  // The newest file of each type is the one that counts; older ones were replaced.
  const latest = new Map<string, KycFileSummary>();
  for (const file of files) {
    if (latest.has(file.type)) continue;
    latest.set(file.type, {
      id: file.id,
      type: file.type,
      status: file.status,
      uploaded_at: file.uploadedAt.toISOString(),
      rejection_reason: file.status === 'rejected' ? file.rejectionReason : null,
    });
  }

  return {
    ok: true,
    basic_id: application.id,
    stage: application.stage,
    tier_assigned: application.tierAssigned,
    tier_accepted: application.tierAccepted,
    full_name: application.fullName,
    email: application.email,
    has_details: details.length > 0,
    date_of_birth: details[0]?.dateOfBirth ?? null,
    address: addressOf(details[0]),
    address_lookup: options.addressLookup,
    kyc_provider: options.kycProvider,
    kyc_files: [...latest.values()],
    identity_check: check ? { status: check.status, decision: check.decision } : null,
    offer: offer
      ? {
          tier: offer.tier,
          downgraded_from: offer.downgradedFrom,
          pricing_note: offer.pricingNote,
          issued_at: offer.issuedAt.toISOString(),
        }
      : null,
  };
}
