import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApprovalDecideRequest, TApprovalListRequest } from '#shared/schemas/casework.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { staffMeta } from '#client/lib/react-query.ts';
import { adminKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffPageQuery, useStaffAction } from './staff-queries.ts';

/** Under adminKey: a decision refreshes the queue, the open case and every other list. */
export const approvalsKey = [...adminKey, 'approvals'] as const;

/**
 * `admin-approval-list` (owner, compliance, mlro): one page of the four-eyes queue, oldest
 * first, of every kind or of one; the page on screen stays while the next one loads.
 */
export function useApprovals(params: TApprovalListRequest) {
  return useQuery(staffPageQuery(approvalsKey, 'admin-approval-list', params));
}

/**
 * `admin-approval-decide`: approve or reject a request, by a member other than the requester
 * whose role may decide its kind. The dialog shows the server's refusal itself, so the failure
 * is logged but not toasted; a request someone else decided first (404) reloads the queue, as
 * a 409 does (useStaffAction).
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useStaffAction(
    (input: TApprovalDecideRequest) =>
      staffApi.call('admin-approval-decide', input).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) {
          void queryClient.invalidateQueries({ queryKey: adminKey });
        }
        throw error;
      }),
    {
      ...staffMeta('admin-approval-decide', (input: TApprovalDecideRequest) =>
        input.decision === 'approve'
          ? 'Failed to approve the request'
          : 'Failed to reject the request',
      ),
      errorToast: false,
    },
  );
}
