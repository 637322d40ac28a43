import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useApplication } from '../api/get-stage.ts';
import { hasApplicantSession } from '../utils/session.ts';

export type Gate =
  | { state: 'loading' }
  | { state: 'redirecting' }
  | { state: 'error'; retry: () => void }
  | { state: 'ready'; application: ApplyGetStageResponse };

/**
 * Loads the applicant's application for a journey screen and sends them where their stage
 * belongs (SPEC §2's redirect tables), replacing history. No session at all, or one the server
 * no longer knows (401), goes to /apply.
 */
export function useApplicationGate(
  redirectFor: (application: ApplyGetStageResponse) => string | null,
  { enabled = true }: { enabled?: boolean } = {},
): Gate {
  const navigate = useNavigate();
  const session = hasApplicantSession();
  const query = useApplication({ enabled: enabled && session });
  const unauthenticated = isApiError(query.error) && query.error.status === 401;
  const target = !enabled
    ? null
    : !session || unauthenticated
      ? paths.apply.root.getHref()
      : query.data
        ? redirectFor(query.data)
        : null;

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [navigate, target]);

  if (target) return { state: 'redirecting' };
  if (query.data) return { state: 'ready', application: query.data };
  if (query.isError) return { state: 'error', retry: () => void query.refetch() };
  return { state: 'loading' };
}
