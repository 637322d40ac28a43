import { asc, eq, sql } from 'drizzle-orm';
import type { OfferListRow } from '../../shared/schemas/admin.ts';
import { suggestedTier } from '../../shared/suggested-tier.ts';
import type { Db } from '../db/client.ts';
import { applicationDetails, applications, identityChecks } from '../db/schema.ts';

/**
 * `admin-offer-list`: applications at `kyc`, oldest first (a queue), with the details staff
 * need to choose a tier and the suggested tier (SPEC §4). PEP exposure counts whether the
 * applicant declared it or the identity provider's screening found it; either needs a person.
 */
export async function adminOfferList(options: { db: Db }): Promise<OfferListRow[]> {
  // Any identity check that flagged PEP; a joined subquery, so its columns are qualified.
  const screening = options.db
    .select({
      applicationId: identityChecks.applicationId,
      pep: sql<boolean>`coalesce(bool_or(${identityChecks.pep}), false)`.as('screened_pep'),
    })
    .from(identityChecks)
    .groupBy(identityChecks.applicationId)
    .as('screening');
  const rows = await options.db
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
    })
    .from(applications)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .leftJoin(screening, eq(screening.applicationId, applications.id))
    .where(eq(applications.stage, 'kyc'))
    .orderBy(asc(applications.createdAt), asc(applications.id));
  return rows.map((row) => {
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
    };
  });
}
