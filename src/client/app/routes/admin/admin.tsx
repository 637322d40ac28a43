import { Head } from '#client/components/seo/head.tsx';
import { AdminPanel } from '#client/features/admin/components/admin-panel.tsx';

export default function AdminRoute() {
  return (
    <>
      <Head title="Admin" noindex />
      <AdminPanel />
    </>
  );
}
