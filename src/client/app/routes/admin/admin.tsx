import { Head } from '#client/components/seo/head.tsx';
import { AdminPanel } from './panel/admin-panel.tsx';

export default function AdminRoute() {
  return (
    <>
      <Head title="Admin" noindex />
      <AdminPanel />
    </>
  );
}
