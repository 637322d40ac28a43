import { eq } from 'drizzle-orm';
import type { ActivationResponse } from '#shared/schemas/journey.ts';
import type { Db } from '../db/client.ts';
import { activations, applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const NOT_ACTIVATED_MESSAGE = 'Not activated yet';

/** `GET /api/activation`: the caller's own activation row (CONTRACT §2), 404 until there is one. */
export async function activation(
  db: Db,
  applicationId: string,
): Promise<ActivationResponse['data']> {
  const [row] = await db
    .select({
      tierAccepted: applications.tierAccepted,
      tierAssigned: applications.tierAssigned,
      cardLast4: activations.cardLast4,
      mobileAccessEnabled: activations.mobileAccessEnabled,
      activatedAt: activations.activatedAt,
      cardShipmentTracking: activations.cardShipmentTracking,
    })
    .from(activations)
    .innerJoin(applications, eq(applications.id, activations.applicationId))
    .where(eq(activations.applicationId, applicationId));
  if (!row) throw new AppError('not_found', NOT_ACTIVATED_MESSAGE);
  return {
    tier: row.tierAccepted ?? row.tierAssigned,
    card_last4: row.cardLast4,
    mobile_access_enabled: row.mobileAccessEnabled,
    activated_at: row.activatedAt.toISOString(),
    card_shipment_tracking: row.cardShipmentTracking,
  };
}
