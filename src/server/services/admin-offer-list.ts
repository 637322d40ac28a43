import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { LEGACY_STAFF_LABEL } from '#shared/staff.ts';
import type { OfferListRow } from '#shared/schemas/admin.ts';
import { suggestedTier } from '#shared/suggested-tier.ts';
import type { Db } from '../db/client.ts';
import { applicationDetails, applications, identityChecks, staffMembers } from '../db/schema.ts';
import { assigneeOf, stageQueueRows, type QueueRequest } from '../lib/queue.ts';
import { COUNTED_COLUMNS, NOT_COUNTED, type CountedCte } from '../lib/row-counts.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';

/**
 * A page's applicants with what staff need to choose a tier, the offer waiting for approval
 * and who cleared a sanctions match, for the ids `ids` selects, in one statement (prepared as
 * `name`: lib/queue.ts); with `counted`, each row carries the queue's total. Screening is any
 * identity check of the applicant that flagged PEP or sanctions (a lateral subquery, so its
 * columns are qualified).
 */
const offerRowsOf = (db: Db, ids: SQL, name: string, counted?: CountedCte) => {
  const screening = db
    .select({
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
    .where(eq(identityChecks.applicationId, applications.id))
    .as('screening');
  return (counted ? db.with(counted) : db)
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
      clearerName: sql<
        string | null
      >`(select clearer.name from staff_members clearer where clearer.id::text = ${screening.clearedBy})`,
      // The offer waiting for approval, with who issued it (four eyes, CONTRACT §5).
      pendingOffer: sql<PendingOfferRow | null>`(
        select json_build_object('tier', o.tier, 'pricingNote', o.pricing_note,
          'issuedAt', o.issued_at, 'issuedBy', o.issued_by,
          'issuerName', issuer.name, 'issuerEmail', issuer.email)
        from offers o left join staff_members issuer on issuer.id::text = o.issued_by
        where o.application_id = ${applications.id} and o.approval_status = 'pending_approval'
        order by o.issued_at desc limit 1)`,
      stageChangedAt: applications.stageChangedAt,
      assigneeId: staffMembers.id,
      assigneeName: staffMembers.name,
      ...(counted ? COUNTED_COLUMNS : NOT_COUNTED),
    })
    .from(applications)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .leftJoinLateral(screening, sql`true`)
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(ids)
    .orderBy(asc(applications.stageChangedAt), asc(applications.id))
    .prepare(name);
};

/** An offer waiting for approval, as the page's statement reads it (JSON). */
interface PendingOfferRow {
  tier: OfferListRow['tier_assigned'] & string;
  pricingNote: string | null;
  issuedAt: string;
  issuedBy: string;
  issuerName: string | null;
  issuerEmail: string | null;
}

/**
 * `admin-offer-list`: applications at `kyc`, one page, longest in the stage first (a queue,
 * on applications_stage_changed_idx), with the total (exact; a search's counted up to
 * COUNT_CAP), the details staff need to choose a tier and the suggested tier (SPEC §4). PEP exposure counts whether the applicant declared
 * it or the identity provider's screening found it; either needs a person.
 */
export async function adminOfferList(
  options: QueueRequest,
): Promise<{ data: OfferListRow[] } & ListTotal> {
  const { rows, ...total } = await stageQueueRows(options, 'kyc', 'offer_list', offerRowsOf);

  const data = rows.map((row): OfferListRow => {
    const offer = row.pendingOffer;
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
            issued_at: new Date(offer.issuedAt).toISOString(),
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
                by: row.clearerName ?? 'Staff',
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
