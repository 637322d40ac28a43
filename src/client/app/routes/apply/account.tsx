import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function AccountRoute() {
  return (
    <ContentLayout title="Account" noindex>
      <p>Your account portal: card, status and mobile access.</p>
    </ContentLayout>
  );
}
