import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStaffToken } from '#client/lib/staff-token.ts';
import { adminKey } from '#client/lib/staff/keys.ts';
import { AdminGate } from '#client/features/admin-shell/components/admin-gate.tsx';
import { CaseScreen } from '#client/features/admin-case/components/case-screen.tsx';

/**
 * `/admin/applicants/:id` behind the panel's own gate: a deep link opens the sign-in first,
 * then the case. Signing out forgets every staff answer held in memory, as the panel does.
 */
export function CasePage({ basicId }: { basicId: string }) {
  const token = useStaffToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) queryClient.removeQueries({ queryKey: adminKey });
  }, [token, queryClient]);
  return token ? <CaseScreen basicId={basicId} /> : <AdminGate />;
}
