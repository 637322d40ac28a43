import type { ReactNode } from 'react';
import type { ActivationResponse, ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import type { Tier } from '#shared/tiers.ts';
import { useActivation } from '../api/get-activation.ts';
import { GateStatus } from './gate-status.tsx';

export type MemberCard = { row: ActivationResponse['data']; tier: Tier };

/** The tier a member holds: the accepted one, else the assigned one. */
export function memberTier(application: ApplyGetStageResponse): Tier {
  return application.tier_accepted ?? application.tier_assigned ?? 'standard';
}

/**
 * Loads the member's activation row (card, mobile access, dates) and renders `children` with
 * it; until then the loading state, or the error with a retry.
 */
export function WithMemberCard({
  application,
  children,
}: {
  application: ApplyGetStageResponse;
  children: (card: MemberCard) => ReactNode;
}) {
  const activation = useActivation();
  if (!activation.data) {
    return (
      <GateStatus
        gate={
          activation.isError
            ? { state: 'error', retry: () => void activation.refetch() }
            : { state: 'loading' }
        }
      />
    );
  }
  const row = activation.data.data;
  return children({ row, tier: row.tier ?? memberTier(application) });
}
