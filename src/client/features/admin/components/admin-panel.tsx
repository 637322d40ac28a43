import { useStaffToken } from '../../../lib/staff-token.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import { AdminGate } from './admin-gate.tsx';

/** /admin: the gate until a staff token is stored; a refused token brings the gate back. */
export function AdminPanel() {
  const token = useStaffToken();
  return token ? <AdminDashboard /> : <AdminGate />;
}
