import { and, asc, eq, sql } from 'drizzle-orm';
import { LEGACY_STAFF_LABEL } from '../../shared/staff.ts';
import type { OfferListRow } from '../../shared/schemas/admin.ts';
import { suggestedTier } from '../../shared/suggested-tier.ts';
import type { Db } from '../db/client.ts';
import { idsPlaceholder, prepared } from '../db/prepared.ts';
import {
  applicationDetails,
  applications,
  identityChecks,
  offers,
  staffMembers,
} from '../db/schema.ts';
import { assigneeOf, stageQueuePage, type QueueInput } from '../lib/queue.ts';
import type { ListTotal } from '../../shared/schemas/admin-lists.ts';

/**
 * One page's applicants with what staff need to choose a tier, given their ids (prepared:
 * db/prepared.ts). Screening is any identity check that flagged PEP or sanctions; a joined
 * subquery, so its columns are qualified.
 */
const offerRows = (db: Db) => {
  const screening = db
    .select({
      applicationId: identityChecks.applicationId,
      pep: sql<boolean>`coalesce(bool_or(${identityChecks.pep}), false)`.as('screened_pep'),
      sanctions: sql<boolean>`coalesce(bool_or(${identityChecks.sanctions}), false)`.as(
        'screened_sanctions',
      ),
      uncleared:
        sql<boolean>`coalesce(bool_or(${identityChecks.sanctions} and ${identityChecks.sanctionsClearedAt} is null), false)`.as(
          'uncleared_sanctions',
        ),
      clearedAt: sql<Date | null>`max(${identityChecks.sanctionsClearedAt})`.as('cleared_at'),
      clearedBy: sql<
        string | null
      >`(array_agg(${identityChecks.sanctionsClearedBy}::text order by ${identityChecks.sanctionsClearedAt} desc nulls last))[1]`.as(
        'cleared_by',
      ),
      clearReason: sql<
        string | null
      >`(array_agg(${identityChecks.sanctionsClearReason} order by ${identityChecks.sanctionsClearedAt} desc nulls last))[1]`.as(
        'clear_reason',
      ),
    })
    .from(identityChecks)
    .where(idsPlaceholder(identityChecks.applicationId))
    .groupBy(identityChecks.applicationId)
    .as('screening');
  return db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      tierAssigned: applications.tierAssigned,
      annualIncome: applicationDetails.annualIncome,
      employmentStatus: applicationDetails.employmentStatus,
      declaredPep: applicationDetails.pepExposed,
      cardTierPref: applicationDetails.cardTierPref,
      screenedPep: screening.pep,
      screenedSanctions: screening.sanctions,
      uncleared: screening.uncleared,
      clearedAt: screening.clearedAt,
      clearedBy: screening.clearedBy,
      clearReason: screening.clearReason,
      stageChangedAt: applications.stageChangedAt,
      assigneeId: staffMembers.id,
      assigneeName: staffMembers.name,
    })
    .from(applications)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .leftJoin(screening, eq(screening.applicationId, applications.id))
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(idsPlaceholder(applications.id))
    .orderBy(asc(applications.stageChangedAt), asc(applications.id))
    .prepare('offer_list_rows');
};

/** The offers waiting for approval of the applicants with these ids, with who issued them. */
const pendingOffers = (db: Db) =>
  db
    .select({
      applicationId: offers.applicationId,
      tier: offers.tier,
      pricingNote: offers.pricingNote,
      issuedAt: offers.issuedAt,
      issuedBy: offers.issuedBy,
      issuerName: staffMembers.name,
      issuerEmail: staffMembers.email,
    })
    .from(offers)
    .leftJoin(staffMembers, eq(sql`${staffMembers.id}::text`, offers.issuedBy))
    .where(and(idsPlaceholder(offers.applicationId), eq(offers.approvalStatus, 'pending_approval')))
    .prepare('offer_list_pending');

/** The names of the staff members with these ids. */
const staffNames = (db: Db) =>
  db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers)
    .where(idsPlaceholder(staffMembers.id))
    .prepare('offer_list_clearers');

/**
 * `admin-offer-list`: applications at `kyc`, one page, longest in the stage first (a queue,
 * on applications_stage_changed_idx), with the total (exact; a search's counted up to
 * COUNT_CAP), the details staff need to choose a tier and the suggested tier (SPEC §4). PEP exposure counts whether the applicant declared
 * it or the identity provider's screening found it; either needs a person.
 */
export async function adminOfferList(options: {
  db: Db;
  input: QueueInput;
  staffId: string;
}): Promise<{ data: OfferListRow[] } & ListTotal> {
  const { db, input } = options;
  const { pageIds, ...total } = await stageQueuePage(db, input, options.staffId, 'kyc');
  if (!pageIds.length) return { data: [], ...total };

  const rows = await prepared(db, 'offer_list_rows', offerRows).execute({ ids: pageIds });
  // Offers waiting for approval, with who issued them, and who cleared sanctions matches.
  const pending = await prepared(db, 'offer_list_pending', pendingOffers).execute({
    ids: pageIds,
  });
  const pendingOf = new Map(pending.map((offer) => [offer.applicationId, offer]));
  const clearerIds = [...new Set(rows.flatMap((row) => (row.clearedBy ? [row.clearedBy] : [])))];
  const clearers = clearerIds.length
    ? await prepared(db, 'offer_list_clearers', staffNames).execute({ ids: clearerIds })
    : [];
  const nameOf = new Map(clearers.map((member) => [member.id, member.name]));

  const data = rows.map((row): OfferListRow => {
    const offer = pendingOf.get(row.id);
    const pepExposed = row.declaredPep === true || row.screenedPep === true;
    return {
      basic_id: row.id,
      full_name: row.fullName,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      annual_income: row.annualIncome,
      employment_status: row.employmentStatus,
      pep_exposed: pepExposed,
      card_tier_pref: row.cardTierPref,
      tier_assigned: row.tierAssigned,
      // Without the details there is nothing to suggest from: a person decides.
      suggested_tier:
        row.annualIncome === null
          ? 'manual'
          : suggestedTier({ annualIncome: row.annualIncome, pepExposed }),
      pending_offer: offer
        ? {
            tier: offer.tier,
            pricing_note: offer.pricingNote,
            issued_at: offer.issuedAt.toISOString(),
            issued_by: {
              id: offer.issuedBy,
              name: offer.issuerName ?? LEGACY_STAFF_LABEL,
              email: offer.issuerEmail,
            },
          }
        : null,
      sanctions: {
        match: row.screenedSanctions === true,
        cleared:
          row.screenedSanctions === true && row.uncleared !== true && row.clearedAt
            ? {
                reason: row.clearReason ?? '',
                by: (row.clearedBy && nameOf.get(row.clearedBy)) ?? 'Staff',
                at: new Date(row.clearedAt).toISOString(),
              }
            : null,
      },
      waiting_since: row.stageChangedAt.toISOString(),
      assignee: assigneeOf(row),
    };
  });
  return { data, ...total };
}
