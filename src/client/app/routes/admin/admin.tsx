import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function AdminRoute() {
  return (
    <ContentLayout title="Admin Access" noindex>
      <p>Enter the staff passphrase to continue.</p>
    </ContentLayout>
  );
}
