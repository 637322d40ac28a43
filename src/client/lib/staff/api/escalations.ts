import { useQuery } from '@tanstack/react-query';
import type {
  TCaseEscalateRequest,
  TCaseMlroDecideRequest,
  TEscalationListRequest,
} from '#shared/schemas/casework.ts';
import { staffMeta } from '#client/lib/react-query.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffPageQuery, useStaffAction } from './staff-queries.ts';

/** Under adminKey: escalating or deciding refreshes the MLRO's queue and the open case. */
export const escalationsKey = [...adminKey, 'escalations'] as const;

/** `admin-escalation-list` (owner, mlro): the open (or closed) escalations, oldest first. */
export function useEscalations(params: TEscalationListRequest) {
  return useQuery(staffPageQuery(escalationsKey, 'admin-escalation-list', params));
}

/*
 * Both dialogs show the server's refusal in themselves (a 409 when the case is already with
 * the MLRO, or no longer), so failures are logged but not toasted; every staff list and the open
 * case are read again after either, and after a 409 (useStaffAction).
 */

/** `admin-case-escalate` (owner, compliance): the case goes to the MLRO and is held. */
export const useEscalateCase = () =>
  useStaffAction((input: TCaseEscalateRequest) => staffApi.call('admin-case-escalate', input), {
    ...staffMeta('admin-case-escalate', 'Failed to escalate the case'),
    errorToast: false,
  });

/** `admin-case-mlro-decide` (owner, mlro): closes the escalation, and the hold ends. */
export const useMlroDecide = () =>
  useStaffAction(
    (input: TCaseMlroDecideRequest) => staffApi.call('admin-case-mlro-decide', input),
    {
      ...staffMeta('admin-case-mlro-decide', 'Failed to record the decision'),
      errorToast: false,
    },
  );
