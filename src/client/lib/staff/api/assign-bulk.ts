import { queryOptions, useQuery } from '@tanstack/react-query';
import { mayCall } from '#shared/calls.ts';
import type { DirectoryMember, TCaseAssignBulkRequest } from '#shared/schemas/casework.ts';
import { staffMeta } from '#client/lib/react-query.ts';
import { staffDirectoryKey } from '../keys.ts';
import { staffApi } from './staff-api.ts';
import { staffCallQuery, useStaffAction } from './staff-queries.ts';

/** `admin-staff-directory` (owner, compliance): every member and how many open cases they hold. */
export const staffDirectoryQuery = queryOptions({
  ...staffCallQuery(staffDirectoryKey, 'admin-staff-directory', {}),
  // SPEC §8: an admin failure is logged, never retried.
  retry: false,
});

export function useStaffDirectory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...staffDirectoryQuery, enabled });
}

/**
 * Who cases can go to: active members whose role takes cases (the server refuses anyone else),
 * by name; `except` leaves out the member whose cases are being moved.
 */
export function assignableMembers(
  members: readonly DirectoryMember[],
  except?: string,
): DirectoryMember[] {
  return members
    .filter(
      (member) =>
        member.status === 'active' &&
        member.id !== except &&
        mayCall(member.role, 'admin-case-assign'),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

/**
 * `admin-case-assign-bulk` (owner, compliance): up to 100 cases to a member (or to nobody), or
 * every open case of one member (`from_staff_id`). Every queue, case and count is read again.
 */
export function useAssignBulk() {
  return useStaffAction(
    (input: TCaseAssignBulkRequest) => staffApi.call('admin-case-assign-bulk', input),
    staffMeta('admin-case-assign-bulk', (input: TCaseAssignBulkRequest) =>
      input.from_staff_id ? 'Failed to move the cases' : 'Failed to assign the cases',
    ),
  );
}

/** '1 case', '12 cases'. */
export const casesCount = (n: number) => `${n.toLocaleString('en-GB')} case${n === 1 ? '' : 's'}`;

/** The toast after an assignment: '12 cases assigned to Sam', '3 cases unassigned'. */
export function assignedText(assigned: number, to: string | null, verb = 'assigned'): string {
  const cases = casesCount(assigned);
  return to ? `${cases} ${verb} to ${to}` : `${cases} unassigned`;
}
