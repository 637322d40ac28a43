import { Head } from '../../../components/seo/head.tsx';
import { AdminPanel } from '../../../features/admin/components/admin-panel.tsx';

export default function AdminRoute() {
  return (
    <>
      <Head title="Admin" noindex />
      <AdminPanel />
    </>
  );
}
