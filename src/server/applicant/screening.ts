import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { applicationDetails, applications, identityChecks } from '../db/schema.ts';

export interface Screening {
  /** Declared on the details screen, or found by any identity check's or our own screening. */
  pep: boolean;
  /**
   * A sanctions match that is not cleared (the identity provider's, or a live alert of our own
   * screening: open, confirmed, or awaiting a second member's approval): no offer, no activation.
   */
  sanctionsBlocked: boolean;
}

/** What the four-eyes rules (CONTRACT §5) need to know about an applicant. */
export async function screeningOf(db: Db | Tx, applicationId: string): Promise<Screening> {
  const [declared] = await db
    .select({ pep: applicationDetails.pepExposed })
    .from(applicationDetails)
    .where(eq(applicationDetails.applicationId, applicationId));
  const [checks] = await db
    .select({
      pep: sql<boolean>`coalesce(bool_or(${identityChecks.pep}), false)`,
      uncleared:
        sql<number>`count(*) filter (where ${identityChecks.sanctions} and ${identityChecks.sanctionsClearedAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(identityChecks)
    .where(eq(identityChecks.applicationId, applicationId));
  // The flags follow the live alerts (a trigger, migration 0027).
  const [own] = await db
    .select({ pep: applications.screenPep, sanctions: applications.screenSanctions })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return {
    pep: declared?.pep === true || checks?.pep === true || own?.pep === true,
    sanctionsBlocked: (checks?.uncleared ?? 0) > 0 || own?.sanctions === true,
  };
}

/** The identity checks of an application with a sanctions match not yet cleared. */
export const unclearedSanctions = (applicationId: string) =>
  and(
    eq(identityChecks.applicationId, applicationId),
    eq(identityChecks.sanctions, true),
    isNull(identityChecks.sanctionsClearedAt),
  );
