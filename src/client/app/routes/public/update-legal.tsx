import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export default function UpdateLegalRoute() {
  return (
    <ContentLayout title="Update Legal Documents" noindex>
      <p>A helper for applying updates to the legal documents.</p>
    </ContentLayout>
  );
}
