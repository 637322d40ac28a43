import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMeResponse, AdminSessionResponse } from '#shared/schemas/staff.ts';
import { mayCall, type StaffCall } from '#shared/calls.ts';
import type { StaffMember } from '#shared/staff.ts';
import { setStaffToken } from '#client/lib/staff-token.ts';
import { adminKey } from '../keys.ts';
import { startStaffActivity } from '#client/lib/staff-activity.ts';
import { staffCallQuery } from './staff-queries.ts';

/** Under adminKey, so signing out forgets who was signed in with everything else. */
export const meKey = [...adminKey, 'me'] as const;

/** `admin-me`: who the stored token belongs to, and so which tabs and switches they get. */
export const meQuery = queryOptions({
  ...staffCallQuery(meKey, 'admin-me', {}),
  // A role change or a disabled account kills the token at once (a 401 brings the gate), so
  // an occasional re-read, and one when the tab regains focus, is enough.
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQuery);
}

/** The signed-in member, once `admin-me` (or the sign-in itself) has told us. */
export function useStaffMember(): StaffMember | null {
  return useMe().data?.staff ?? null;
}

/** Whether the signed-in member's role may make `call` (CONTRACT §5's table, src/shared). */
export function useMayCall(call: StaffCall): boolean {
  const staff = useStaffMember();
  return staff ? mayCall(staff.role, call) : false;
}

/**
 * Opens the panel with a fresh token: who signed in goes into the cache first (the dashboard
 * then needs no `admin-me` round trip), then the token, which swaps the gate for the panel.
 */
export function useStartStaffSession() {
  const queryClient = useQueryClient();
  return (session: AdminSessionResponse) => {
    queryClient.setQueryData<AdminMeResponse>(meKey, { ok: true, staff: session.staff });
    startStaffActivity();
    setStaffToken(session.token);
  };
}
