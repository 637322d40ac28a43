import { asc, eq, max } from 'drizzle-orm';
import type { ActivationListRow } from '../../shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { applications, offers } from '../db/schema.ts';

/** `admin-activation-list`: applications at `accepted`, longest waiting first. */
export async function adminActivationList(options: { db: Db }): Promise<ActivationListRow[]> {
  // When each applicant signed; a joined subquery, so every column in it is qualified.
  const signed = options.db
    .select({
      applicationId: offers.applicationId,
      acceptedAt: max(offers.acceptedAt).as('accepted_at'),
    })
    .from(offers)
    .groupBy(offers.applicationId)
    .as('signed');
  const rows = await options.db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      tierAssigned: applications.tierAssigned,
      tierAccepted: applications.tierAccepted,
      acceptedAt: signed.acceptedAt,
    })
    .from(applications)
    .leftJoin(signed, eq(signed.applicationId, applications.id))
    .where(eq(applications.stage, 'accepted'))
    .orderBy(asc(applications.updatedAt), asc(applications.id));
  return rows.map((row) => ({
    basic_id: row.id,
    full_name: row.fullName,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    tier_assigned: row.tierAssigned,
    tier_accepted: row.tierAccepted,
    accepted_at: row.acceptedAt ? new Date(row.acceptedAt).toISOString() : null,
  }));
}
