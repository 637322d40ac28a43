import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function ApplyRoute() {
  return (
    <ContentLayout title="Apply" noindex>
      <p>Enter your invitation code, or start an application if you do not have one yet.</p>
    </ContentLayout>
  );
}
