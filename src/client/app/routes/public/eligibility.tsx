import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function EligibilityRoute() {
  return (
    <ContentLayout title="Eligibility">
      <p>What we ask of every member before an invitation is extended.</p>
    </ContentLayout>
  );
}
