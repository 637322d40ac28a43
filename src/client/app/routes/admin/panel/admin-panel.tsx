import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStaffToken } from '#client/lib/staff-token.ts';
import { adminKey } from '#client/lib/staff/keys.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import { AdminGate } from '#client/features/admin-shell/components/admin-gate.tsx';

/** /admin: the gate until a staff token is stored; a refused token brings the gate back. */
export function AdminPanel() {
  const token = useStaffToken();
  const queryClient = useQueryClient();

  // Signed out or expired: forget every staff list held in memory (names, e-mails, documents),
  // so nothing of the last session lingers in this tab or shows to the next person to sign in.
  useEffect(() => {
    if (!token) queryClient.removeQueries({ queryKey: adminKey });
  }, [token, queryClient]);

  return token ? <AdminDashboard /> : <AdminGate />;
}
