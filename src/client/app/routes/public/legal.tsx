import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function LegalRoute() {
  return (
    <ContentLayout title="Legal">
      <p>Our privacy policy, terms of service and cookie policy.</p>
    </ContentLayout>
  );
}
