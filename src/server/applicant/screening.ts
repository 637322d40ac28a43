import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { applicationDetails, identityChecks } from '../db/schema.ts';

export interface Screening {
  /** Declared on the details screen, or found by any identity check's screening. */
  pep: boolean;
  /** A sanctions match that compliance has not cleared: no offer may go out. */
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
  return {
    pep: declared?.pep === true || checks?.pep === true,
    sanctionsBlocked: (checks?.uncleared ?? 0) > 0,
  };
}

/** The identity checks of an application with a sanctions match not yet cleared. */
export const unclearedSanctions = (applicationId: string) =>
  and(
    eq(identityChecks.applicationId, applicationId),
    eq(identityChecks.sanctions, true),
    isNull(identityChecks.sanctionsClearedAt),
  );
