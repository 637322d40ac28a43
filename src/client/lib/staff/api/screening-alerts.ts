import type { TScreeningAlertDecisionRequest } from '#shared/schemas/screening.ts';
import { staffMeta } from '#client/lib/react-query.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { useStaffAction } from './staff-queries.ts';

/** Under adminKey: a decision on an alert refreshes the queue and the open case with the rest. */
export const screeningAlertsKey = [...adminKey, 'screening-alerts'] as const;

/*
 * The three decisions on an alert. Each dialog shows its own refusal (a 403 for the member who
 * asked to clear, a 409 when someone decided first), so the failure is logged but not toasted;
 * every staff list and the open case are read again after it (useStaffAction), and after a 409.
 */

/** `admin-screening-alert-confirm`: a true match; sanctions block, a PEP needs four eyes. */
export const useConfirmScreeningAlert = () =>
  useStaffAction(
    (input: TScreeningAlertDecisionRequest) =>
      staffApi.call('admin-screening-alert-confirm', input),
    {
      ...staffMeta('admin-screening-alert-confirm', 'Failed to confirm the match'),
      errorToast: false,
    },
  );

/** `admin-screening-alert-clear`: asks to clear a false positive; a second member approves. */
export const useClearScreeningAlert = () =>
  useStaffAction(
    (input: TScreeningAlertDecisionRequest) => staffApi.call('admin-screening-alert-clear', input),
    {
      ...staffMeta('admin-screening-alert-clear', 'Failed to ask for clearance'),
      errorToast: false,
    },
  );

/** `admin-screening-alert-clear-approve`: by a member other than the one who asked. */
export const useApproveScreeningClearance = () =>
  useStaffAction(
    (input: { alert_id: string }) => staffApi.call('admin-screening-alert-clear-approve', input),
    {
      ...staffMeta('admin-screening-alert-clear-approve', 'Failed to approve the clearance'),
      errorToast: false,
    },
  );
